import { describe, expect, it } from 'vitest';
import { allowedAccountActions, applyAccountAction } from './account-status.machine';

describe('account status machine', () => {
  it('moves an account between normal, disabled and frozen', () => {
    expect(applyAccountAction(1, 1, 'DISABLE')).toEqual({ status: 4, teamStatus: 1 });
    expect(applyAccountAction(1, 1, 'FREEZE')).toEqual({ status: 6, teamStatus: 1 });
    expect(applyAccountAction(6, 1, 'UNFREEZE')).toEqual({ status: 1, teamStatus: 1 });
    expect(applyAccountAction(6, 1, 'DISABLE')).toEqual({ status: 4, teamStatus: 1 });
    expect(applyAccountAction(4, 1, 'ENABLE')).toEqual({ status: 1, teamStatus: 1 });
  });

  it('refuses what does not fit the current state', () => {
    expect(applyAccountAction(1, 1, 'ENABLE')).toBeNull();
    expect(applyAccountAction(4, 1, 'FREEZE')).toBeNull();
    expect(applyAccountAction(4, 1, 'UNFREEZE')).toBeNull();
    expect(applyAccountAction(4, 1, 'KICK_OUT')).toBeNull();
    expect(applyAccountAction(1, 4, 'LINE_FREEZE')).toBeNull();
    expect(applyAccountAction(1, 1, 'LINE_ENABLE')).toBeNull();
  });

  it('moves the line independently of the account', () => {
    expect(applyAccountAction(6, 1, 'LINE_DISABLE')).toEqual({ status: 6, teamStatus: 4 });
    expect(applyAccountAction(1, 4, 'LINE_ENABLE')).toEqual({ status: 1, teamStatus: 1 });
    expect(applyAccountAction(1, 6, 'LINE_UNFREEZE')).toEqual({ status: 1, teamStatus: 1 });
    expect(applyAccountAction(1, 6, 'LINE_DISABLE')).toEqual({ status: 1, teamStatus: 4 });
  });

  it('lists what is allowed, for the UI to offer', () => {
    expect(allowedAccountActions(1, 1)).toEqual(['DISABLE', 'FREEZE', 'KICK_OUT', 'UNLOCK', 'REMOVE_LIMIT', 'LINE_DISABLE', 'LINE_FREEZE']);
    expect(allowedAccountActions(4, 4)).toEqual(['ENABLE', 'UNLOCK', 'LINE_ENABLE']);
    expect(allowedAccountActions(6, 6)).toEqual(['DISABLE', 'UNFREEZE', 'KICK_OUT', 'UNLOCK', 'LINE_DISABLE', 'LINE_UNFREEZE']);
  });
});
