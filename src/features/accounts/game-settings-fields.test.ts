import { describe, expect, it } from 'vitest';
import { allGameSettings, editsAfter, newChildGameSettings, serverGameProblems, withEdits, type GameSetting } from './game-settings-fields';

const parent: GameSetting[] = [
  {
    gameType: 'live',
    bettingRatio: 1.1,
    agentRate: 90,
    agentToCompanyLimit: '5000.00',
    agentToCompanyUsed: null,
    agentToCompanyReached: false,
    spread: 3,
    redLimit: '200.00',
    enabled: true,
  },
  {
    gameType: 'electronic',
    bettingRatio: 1.2,
    agentRate: 80,
    agentToCompanyLimit: '3000.00',
    agentToCompanyUsed: null,
    agentToCompanyReached: false,
    spread: 0,
    redLimit: '0.00',
    enabled: false,
  },
];

describe('a new child’s game settings', () => {
  it('are the parent’s, with ratio, rate and company limit lowered to the child’s own as the gateway does', () => {
    const settings = newChildGameSettings(parent, { pointLimit: '4000', agentCommisionRate: '85', validAmountRate: '0.5' });
    expect(settings.live).toEqual({
      bettingRatio: '0.5',
      agentRate: '85',
      agentToCompanyLimit: '4000.00',
      spread: '3',
      redLimit: '200.00',
      enabled: true,
    });
    expect(settings.electronic).toMatchObject({ bettingRatio: '0.5', agentRate: '80', agentToCompanyLimit: '3000.00', enabled: false });
  });

  it('show the parent’s values while the child’s are not numbers yet', () => {
    const settings = newChildGameSettings(parent, { pointLimit: '', agentCommisionRate: 'x', validAmountRate: '1.234' });
    expect(settings.live).toMatchObject({ bettingRatio: '1.1', agentRate: '90', agentToCompanyLimit: '5000.00' });
  });

  it('keep a cell typed into while the others follow the child’s limits, and send every cell', () => {
    const before = newChildGameSettings(parent, { pointLimit: '1000', agentCommisionRate: '50', validAmountRate: '1' });
    const typed = { ...before, live: { ...before.live, agentRate: '40' } };
    const edits = editsAfter({}, before, typed);
    expect(edits).toEqual({ live: { agentRate: '40' } });
    const after = withEdits(newChildGameSettings(parent, { pointLimit: '2000', agentCommisionRate: '60', validAmountRate: '1' }), edits);
    expect([after.live.agentRate, after.electronic.agentRate, after.live.agentToCompanyLimit]).toEqual(['40', '60', '2000.00']);
    expect(allGameSettings(after)).toEqual([
      {
        gameType: 'live',
        bettingRatio: '1',
        agentRate: '40',
        agentToCompanyLimit: '2000.00',
        spread: '3',
        redLimit: '200.00',
        enabled: true,
      },
      {
        gameType: 'electronic',
        bettingRatio: '1',
        agentRate: '60',
        agentToCompanyLimit: '2000.00',
        spread: '0',
        redLimit: '0.00',
        enabled: false,
      },
    ]);
  });
});

describe('a refusal naming a game setting', () => {
  it('shows on that cell with the rule’s message, as the form kit holds it', () => {
    const errors = {
      gameSettings: { live: { agentRate: { type: 'server', message: 'above-parent' } } },
      nickname: { message: 'nickname-length' },
    };
    expect(serverGameProblems(errors)).toEqual({ 'live.agentRate': 'validation.aboveParent' });
    expect(serverGameProblems({ gameSettings: { electronic: { spread: { message: 'no-such-rule' } } } })).toEqual({
      'electronic.spread': 'validation.invalid',
    });
    expect(serverGameProblems({})).toEqual({});
  });
});
