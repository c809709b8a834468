import { describe, expect, it } from 'vitest';
import { allowedAccountActions, applyAccountAction, type AccountFacts } from './account-status.machine';

const agent = (status: number, teamStatus: number, over: Partial<AccountFacts> = {}): AccountFacts => ({
  status,
  teamStatus,
  level: 2,
  winBlocked: false,
  betPaused: false,
  ...over,
});
const member = (over: Partial<AccountFacts> = {}): AccountFacts => ({ ...agent(1, 1), level: 5, ...over });
const statuses = (status: number, teamStatus: number) => ({ status, teamStatus, betPaused: false, winBlocked: false });

describe('account status machine', () => {
  it('moves an account between normal, disabled and frozen', () => {
    expect(applyAccountAction(agent(1, 1), 'DISABLE')).toEqual(statuses(4, 1));
    expect(applyAccountAction(agent(1, 1), 'FREEZE')).toEqual(statuses(6, 1));
    expect(applyAccountAction(agent(6, 1), 'UNFREEZE')).toEqual(statuses(1, 1));
    expect(applyAccountAction(agent(6, 1), 'DISABLE')).toEqual(statuses(4, 1));
    expect(applyAccountAction(agent(4, 1), 'ENABLE')).toEqual(statuses(1, 1));
  });

  it('refuses what does not fit the current state', () => {
    expect(applyAccountAction(agent(1, 1), 'ENABLE')).toBeNull();
    expect(applyAccountAction(agent(4, 1), 'FREEZE')).toBeNull();
    expect(applyAccountAction(agent(4, 1), 'UNFREEZE')).toBeNull();
    expect(applyAccountAction(agent(4, 1), 'KICK_OUT')).toBeNull();
    expect(applyAccountAction(agent(1, 4), 'LINE_FREEZE')).toBeNull();
    expect(applyAccountAction(agent(1, 1), 'LINE_ENABLE')).toBeNull();
  });

  it('moves the line independently of the account', () => {
    expect(applyAccountAction(agent(6, 1), 'LINE_DISABLE')).toEqual(statuses(6, 4));
    expect(applyAccountAction(agent(1, 4), 'LINE_ENABLE')).toEqual(statuses(1, 1));
    expect(applyAccountAction(agent(1, 6), 'LINE_UNFREEZE')).toEqual(statuses(1, 1));
    expect(applyAccountAction(agent(1, 6), 'LINE_DISABLE')).toEqual(statuses(1, 4));
  });

  it('decides by the level and the max-win block: a member has no line, only a blocked member a limit to remove', () => {
    expect(applyAccountAction(member(), 'LINE_DISABLE')).toBeNull();
    expect(applyAccountAction(member({ teamStatus: 4 }), 'LINE_ENABLE')).toBeNull();
    expect(applyAccountAction(member(), 'REMOVE_LIMIT')).toBeNull();
    expect(applyAccountAction(agent(1, 1, { winBlocked: true }), 'REMOVE_LIMIT')).toBeNull();
    expect(applyAccountAction(member({ winBlocked: true }), 'REMOVE_LIMIT')).toEqual(statuses(1, 1));
    // A frozen or disabled member keeps its block until it is normal again.
    expect(applyAccountAction(member({ winBlocked: true, status: 6 }), 'REMOVE_LIMIT')).toBeNull();
  });

  it("pauses and resumes a member's betting from the state it is in, never an agent's", () => {
    expect(applyAccountAction(member(), 'PAUSE_BET')).toMatchObject({ betPaused: true });
    expect(applyAccountAction(member(), 'RESUME_BET')).toBeNull();
    expect(applyAccountAction(member({ betPaused: true }), 'RESUME_BET')).toMatchObject({ betPaused: false });
    expect(applyAccountAction(member({ betPaused: true }), 'PAUSE_BET')).toBeNull();
    expect(applyAccountAction(agent(1, 1), 'PAUSE_BET')).toBeNull();
    expect(applyAccountAction(agent(1, 1, { betPaused: true }), 'RESUME_BET')).toBeNull();
  });

  it('moves points only to or from an account that is normal in a normal line', () => {
    expect(applyAccountAction(agent(1, 1), 'MOVE_POINTS')).toEqual(statuses(1, 1));
    expect(applyAccountAction(member({ betPaused: true }), 'MOVE_POINTS')).not.toBeNull();
    for (const [status, teamStatus] of [
      [6, 1],
      [4, 1],
      [1, 6],
      [1, 4],
      [6, 6],
    ] as const) {
      expect(applyAccountAction(agent(status, teamStatus), 'MOVE_POINTS'), `${status}/${teamStatus}`).toBeNull();
    }
  });

  it('lists what is allowed, for the UI to offer', () => {
    expect(allowedAccountActions(agent(1, 1))).toEqual([
      'DISABLE',
      'FREEZE',
      'KICK_OUT',
      'UNLOCK',
      'LINE_DISABLE',
      'LINE_FREEZE',
      'MOVE_POINTS',
    ]);
    expect(allowedAccountActions(agent(4, 4))).toEqual(['ENABLE', 'UNLOCK', 'LINE_ENABLE']);
    expect(allowedAccountActions(agent(6, 6))).toEqual(['DISABLE', 'UNFREEZE', 'KICK_OUT', 'UNLOCK', 'LINE_DISABLE', 'LINE_UNFREEZE']);
    expect(allowedAccountActions(member({ winBlocked: true }))).toEqual([
      'DISABLE',
      'FREEZE',
      'KICK_OUT',
      'UNLOCK',
      'REMOVE_LIMIT',
      'PAUSE_BET',
      'MOVE_POINTS',
    ]);
  });
});
