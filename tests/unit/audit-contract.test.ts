import { describe, expect, it } from 'vitest';
import { changeKindOf } from '../../contract/audit.contract';

describe('changeKindOf', () => {
  it('reads a change by the last part of its field name', () => {
    expect(
      ['balance', 'pointLimit', 'maxWin', 'gameSettings.live.redLimit', 'gameSettings.electronic.agentToCompanyLimit'].map(changeKindOf),
    ).toEqual(['amount', 'amount', 'amount', 'amount', 'amount']);
    expect(['status', 'teamStatus', 'password', 'safeCode'].map(changeKindOf)).toEqual(['status', 'status', 'secret', 'secret']);
    expect(
      ['agentCommisionRate', 'validAmountRate', 'gameSettings.live.bettingRatio', 'gameSettings.electronic.agentRate'].map(changeKindOf),
    ).toEqual(Array(4).fill('rate'));
  });

  it('shows anything else as it is, inherited object keys included', () => {
    expect(['nickname', 'gameSettings.live.enabled', 'betPaused', 'constructor', 'toString', ''].map(changeKindOf)).toEqual(
      Array(6).fill('value'),
    );
  });
});
