import { describe, expect, it } from 'vitest';
import type { Rights } from './command';
import { rowActionsFor, type ActionTarget } from './account-actions.commands';

const rights: Rights = { level: 1, accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11], isSubAccount: false, mustChangePassword: false };
const target = (over: Partial<ActionTarget>): ActionTarget => ({
  level: 2,
  status: 1,
  teamStatus: 1,
  isDirectChild: true,
  betPaused: false,
  betStopped: false,
  exceptionMarked: false,
  winBlocked: false,
  ...over,
});
const ids = (over: Partial<ActionTarget>, who: Rights = rights) => rowActionsFor(target(over), who).map((a) => a.id);

describe('row actions', () => {
  it('offers what the status machine and the flags take for a direct child agent', () => {
    expect(ids({})).toEqual([
      'account.edit',
      'account.setScore',
      'account.disable',
      'account.freeze',
      'account.kickOut',
      'account.unlock',
      'line.disable',
      'line.freeze',
      'line.stopBet',
      'agent.mark',
      'account.endSessions',
    ]);
    expect(ids({ status: 4, teamStatus: 6, betStopped: true, exceptionMarked: true })).toEqual([
      'account.edit',
      'account.setScore',
      'account.enable',
      'account.unlock',
      'line.disable',
      'line.unfreeze',
      'line.liftStopBet',
      'line.resumeBet',
      'agent.unmark',
      'account.endSessions',
    ]);
  });

  it("offers a member's betting switch and mark from the state it is in, never line actions", () => {
    expect(ids({ level: 5 })).toContain('member.pauseBet');
    expect(ids({ level: 5 })).toContain('member.mark');
    const paused = ids({ level: 5, betPaused: true, exceptionMarked: true });
    expect(paused).toContain('member.resumeBet');
    expect(paused).toContain('member.unmark');
    expect(paused).not.toContain('member.pauseBet');
    expect(ids({ level: 5 }).some((id) => id.startsWith('line.') || id.startsWith('agent.'))).toBe(false);
    expect(ids({ level: 4 })).not.toContain('member.pauseBet');
    expect(ids({ level: 5 })).not.toContain('member.removeLimit');
    expect(ids({ level: 5, winBlocked: true })).toContain('member.removeLimit');
    expect(ids({ level: 5, winBlocked: true, status: 6 })).not.toContain('member.removeLimit');
  });

  it('offers nothing to an account further down or during a forced password change, and only what the access codes allow', () => {
    expect(ids({ isDirectChild: false })).toEqual([]);
    expect(ids({}, { ...rights, mustChangePassword: true })).toEqual([]);
    expect(ids({}, { ...rights, accessCodes: [1] })).toEqual([]);
    expect(ids({}, { ...rights, accessCodes: [1, 3] })).toEqual(['account.edit']);
    expect(ids({}, { ...rights, accessCodes: [1, 4] })).not.toContain('account.edit');
    expect(ids({}, { ...rights, accessCodes: [1, 5] })).toEqual(['account.setScore']);
  });
});
