import { describe, expect, it } from 'vitest';
import type { Rights } from './command';
import { rowActionsFor } from './account-actions.commands';

const rights: Rights = { level: 1, accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11], isSubAccount: false, mustChangePassword: false };

describe('row actions', () => {
  it('offers what the status machine takes for a direct child', () => {
    expect(rowActionsFor({ level: 2, status: 1, teamStatus: 1, isDirectChild: true, betPaused: false }, rights).map((a) => a.id)).toEqual([
      'account.disable',
      'account.freeze',
      'account.kickOut',
      'account.unlock',
      'line.disable',
      'line.freeze',
    ]);
    expect(rowActionsFor({ level: 2, status: 4, teamStatus: 6, isDirectChild: true, betPaused: false }, rights).map((a) => a.id)).toEqual([
      'account.enable',
      'account.unlock',
      'line.disable',
      'line.unfreeze',
    ]);
  });

  it("offers a member's betting switch from the state it is in", () => {
    expect(rowActionsFor({ level: 5, status: 1, teamStatus: 1, isDirectChild: true, betPaused: false }, rights).map((a) => a.id)).toContain('member.pauseBet');
    const paused = rowActionsFor({ level: 5, status: 1, teamStatus: 1, isDirectChild: true, betPaused: true }, rights).map((a) => a.id);
    expect(paused).toContain('member.resumeBet');
    expect(paused).not.toContain('member.pauseBet');
    expect(rowActionsFor({ level: 4, status: 1, teamStatus: 1, isDirectChild: true, betPaused: false }, rights).map((a) => a.id)).not.toContain('member.pauseBet');
  });

  it('offers nothing on a member line, to an account further down, or without access code 4', () => {
    expect(rowActionsFor({ level: 5, status: 1, teamStatus: 1, isDirectChild: true, betPaused: false }, rights).some((a) => a.id.startsWith('line.'))).toBe(false);
    expect(rowActionsFor({ level: 3, status: 1, teamStatus: 1, isDirectChild: false, betPaused: false }, rights)).toEqual([]);
    expect(rowActionsFor({ level: 2, status: 1, teamStatus: 1, isDirectChild: true, betPaused: false }, { ...rights, accessCodes: [1] })).toEqual([]);
  });
});
