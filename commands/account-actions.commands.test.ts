import { describe, expect, it } from 'vitest';
import type { CanTarget } from './can';
import type { Rights } from './command';
import { bulkActionsFor, noActionReason, rowActionsFor, rowOffer } from './account-actions.commands';
import type { CommandContext } from './command';
import { mayScoreOn, pointsCommands } from './points.commands';
import { commandsFor } from './registry';
import { pathAllowed } from './screens';

const rights: Rights = {
  userId: '10',
  level: 1,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};
const target = (over: Partial<CanTarget>): CanTarget => ({
  parentId: '10',
  level: 2,
  status: 1,
  teamStatus: 1,
  online: true,
  betPaused: false,
  betStopped: false,
  exceptionMarked: false,
  winBlocked: false,
  ...over,
});
const ids = (over: Partial<CanTarget>, who: Rights = rights) => rowActionsFor(target(over), who).map((a) => a.id);

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
    // Points move only to a normal account of a normal line: no set score here.
    expect(ids({ status: 4, teamStatus: 6, betStopped: true, exceptionMarked: true })).toEqual([
      'account.edit',
      'account.enable',
      'account.unlock',
      'line.disable',
      'line.unfreeze',
      'line.liftStopBet',
      'line.resumeBet',
      'agent.unmark',
      'account.endSessions',
    ]);
    expect(ids({ status: 6 })).toContain('account.unfreeze');
    expect(ids({ status: 6 })).not.toContain('account.enable');
    expect(ids({ status: 6 })).not.toContain('account.setScore');
  });

  it('offers kick out only to an account that is online', () => {
    expect(ids({ online: true })).toContain('account.kickOut');
    expect(ids({ online: false })).not.toContain('account.kickOut');
    // Ending the sessions of a whole line does not depend on the agent's own.
    expect(ids({ online: false })).toContain('account.endSessions');
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
    expect(ids({ parentId: '11' })).toEqual([]);
    expect(ids({}, { ...rights, mustChangePassword: true })).toEqual([]);
    expect(ids({}, { ...rights, accessCodes: [1] })).toEqual([]);
    expect(ids({}, { ...rights, accessCodes: [1, 3] })).toEqual(['account.edit']);
    expect(ids({}, { ...rights, accessCodes: [1, 4] })).not.toContain('account.edit');
    expect(ids({}, { ...rights, accessCodes: [1, 5] })).toEqual(['account.setScore']);
  });

  it('says why a row offers nothing', () => {
    expect(rowOffer(target({}), rights).reason).toBeNull();
    expect(noActionReason(target({ parentId: '11' }), rights)).toBe('notDirectChild');
    expect(noActionReason(target({}), { ...rights, accessCodes: [1] })).toBe('noRights');
    expect(noActionReason(target({}), { ...rights, mustChangePassword: true })).toBe('passwordChange');
    // Only status actions allowed, and the account is frozen: the frozen state is the reason.
    const frozenMember = target({ level: 5, status: 6, teamStatus: 6, online: false });
    expect(noActionReason(frozenMember, { ...rights, level: 4, accessCodes: [1, 5] })).toBe('accountFrozen');
    // The score right still recalls a frozen member's game wallet (points come back, none leave),
    // and still sets a time-out on it (it only stops more).
    const frozen = rowOffer(frozenMember, { ...rights, level: 4, accessCodes: [1, 5] });
    expect(frozen.actions.map((action) => action.id)).toEqual(['member.recallWallet', 'member.exclusion']);
    expect(rowOffer(target({ teamStatus: 6 }), { ...rights, accessCodes: [1, 5] })).toEqual({ actions: [], reason: 'lineFrozen' });
  });
});

describe('bulk actions and set score', () => {
  it('offers the bulk bar only to a session that holds access code 4', () => {
    expect(bulkActionsFor(rights).map((action) => action.id)).toEqual(['enable', 'disable', 'freeze']);
    expect(bulkActionsFor({ ...rights, isSubAccount: true, accessCodes: [1, 2, 3, 5] })).toEqual([]);
    expect(bulkActionsFor({ ...rights, mustChangePassword: true })).toEqual([]);
  });

  it('offers set score only on a direct child whose status lets points move', () => {
    expect(mayScoreOn(rights, target({}))).toBe(true);
    expect(mayScoreOn(rights, target({ status: 6 }))).toBe(false);
    expect(mayScoreOn(rights, target({ teamStatus: 4 }))).toBe(false);
    expect(mayScoreOn(rights, target({ parentId: '11' }))).toBe(false);
    expect(mayScoreOn({ ...rights, accessCodes: [1, 4] }, target({}))).toBe(false);
  });
});

describe('set score from the palette', () => {
  it('offers no frozen account, and shows why an amount cannot succeed instead of offering it: below zero down, above the point limit up', async () => {
    const command = pointsCommands.find((item) => item.id === 'points.setScore')!;
    const row = { ...target({ level: 5 }), userId: '77', loginId: 'mb77', nickname: 'mb77', balance: '50000.50', pointLimit: '50100.00' };
    const context = {
      rights: { ...rights, level: 4 },
      call: async () => ({ total: 2, list: [row, { ...row, userId: '78', loginId: 'mb78', status: 6 }], line: [] }),
      t: (key: string) => key,
      currency: 'CNY',
      formatAmount: (value: string) => value,
    } as unknown as CommandContext;
    const [accounts, , amounts] = command.steps!;
    // The frozen member is not offered: it would be refused at the end.
    expect((await accounts!.choices(context, [], '')).map((choice) => choice.id)).toEqual(['77']);
    const offered = (direction: string, amount: string) =>
      amounts!.choices(context, ['77', direction], amount) as { id: string; title?: string }[];
    expect(offered('down', '60000')).toEqual([{ id: 'refused', title: '37111', keywords: ['60000'] }]);
    expect(offered('up', '99.51')).toEqual([{ id: 'refused', title: '20030', keywords: ['99.51'] }]);
    expect(offered('down', '50000.50').map((choice) => choice.id)).toEqual(['50000.50']);
    expect(offered('up', '99.50').map((choice) => choice.id)).toEqual(['99.50']);
  });
});

describe('a signed-in account frozen by its parent, or in a frozen line', () => {
  const frozen: Rights = { ...rights, status: 6 };
  const inFrozenLine: Rights = { ...rights, status: 1, lineStatus: 6 };
  const offered = (who: Rights) => commandsFor(who).map((command) => command.id);

  it('is offered no write on its downline: no row action, with its own status as the reason', () => {
    expect(ids({}, { ...rights, status: 1, lineStatus: 1 })).toContain('account.edit');
    for (const [who, reason] of [
      [frozen, 'selfFrozen'],
      [inFrozenLine, 'selfLineFrozen'],
    ] as const) {
      expect(rowOffer(target({}), who)).toEqual({ actions: [], reason });
      expect(rowOffer(target({ level: 5 }), { ...who, level: 4 })).toEqual({ actions: [], reason });
      expect(bulkActionsFor(who)).toEqual([]);
      expect(mayScoreOn(who, target({}))).toBe(false);
    }
  });

  it('is offered no write command in the palette, and still the reads and its own password and safe code', () => {
    const writes = ['accounts.add', 'do.account.freeze', 'do.account.disable', 'go.settingScore', 'points.setScore'];
    expect(offered(rights)).toEqual(expect.arrayContaining(writes.filter((id) => offered(rights).includes(id))));
    expect(writes.filter((id) => offered(rights).includes(id)).length).toBeGreaterThan(2);
    for (const who of [frozen, inFrozenLine]) {
      expect(offered(who).filter((id) => writes.includes(id))).toEqual([]);
      expect(offered(who)).toEqual(expect.arrayContaining(['go.accounts', 'go.pointRecord', 'go.changePassword', 'go.changeSafeCode']));
      expect(pathAllowed('/add/index', who)).toBe(false);
      expect(pathAllowed('/account/index', who)).toBe(true);
    }
  });
});
