import { describe, expect, it, vi } from 'vitest';
import type { CommandContext, Rights } from './command';
import { commandsFor } from './registry';
import {
  runSubAccountAction,
  subAccountActions,
  subAccountActionsFor,
  subAccountCommands,
  type SubAccountRow,
} from './sub-account.commands';

const owner: Rights = { userId: '1', level: 0, accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11], isSubAccount: false, mustChangePassword: false };
const clerk: Rights = { ...owner, accessCodes: [1, 5], isSubAccount: true };

const row = (over: Partial<SubAccountRow> = {}): SubAccountRow => ({
  subAccountId: '900',
  agentId: '1',
  loginId: 'clerk01',
  nickname: 'Clerk',
  status: 1,
  accessCode: '1,5',
  createdAt: '2026-11-24T10:00:00.000Z',
  lastLoginAt: null,
  online: false,
  ...over,
});
const ids = (target: SubAccountRow, rights: Rights = owner) => subAccountActionsFor(target, rights).map((action) => action.id);

/** A command context that records what the command did; `confirmed` answers its question. */
function recorder(confirmed: boolean, list: SubAccountRow[] = []) {
  const calls: [string, unknown][] = [];
  const reports: unknown[] = [];
  const navigated: string[] = [];
  const context = {
    rights: owner,
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    confirm: vi.fn(async () => confirmed),
    navigate: (path: string) => navigated.push(path),
    call: vi.fn(async (method: string, params: unknown) => {
      calls.push([method, params]);
      return method === 'gw.credit.subaccount.query' ? { total: list.length, list } : { subAccountId: '900' };
    }),
    report: (outcome: unknown) => reports.push(outcome),
    accountsChanged: vi.fn(),
  } as unknown as CommandContext;
  return { context, calls, reports, navigated };
}

describe('sub-account actions', () => {
  it('offers what its status and presence allow', () => {
    expect(ids(row())).toEqual([
      'subAccount.edit',
      'subAccount.permissions',
      'subAccount.resetPassword',
      'subAccount.disable',
      'subAccount.delete',
    ]);
    expect(ids(row({ status: 4, online: true }))).toEqual([
      'subAccount.edit',
      'subAccount.permissions',
      'subAccount.resetPassword',
      'subAccount.enable',
      'subAccount.kickOut',
      'subAccount.delete',
    ]);
  });

  it('offers a sub-account nothing on sub-accounts, whatever codes it holds (main accounts only)', () => {
    expect(ids(row(), { ...clerk, accessCodes: owner.accessCodes })).toEqual([]);
    expect(commandsFor(clerk).map((command) => command.id)).not.toContain('subAccounts.add');
    expect(commandsFor(clerk).some((command) => subAccountCommands.includes(command))).toBe(false);
    expect(commandsFor(owner).map((command) => command.id)).toEqual(
      expect.arrayContaining(['subAccounts.add', 'subAccounts.act', 'do.subAccount.disable', 'do.subAccount.delete']),
    );
  });

  it('disables after a confirmation, and calls nothing when the owner cancels', async () => {
    const disable = subAccountActions.find((action) => action.id === 'subAccount.disable')!;
    const cancelled = recorder(false);
    await runSubAccountAction(cancelled.context, row(), disable);
    expect(cancelled.calls).toEqual([]);

    const done = recorder(true);
    await runSubAccountAction(done.context, row(), disable);
    expect(done.calls).toEqual([['gw.credit.subaccount.disable', { subAccountId: '900' }]]);
    expect(done.reports).toEqual([{ ok: true, message: expect.stringContaining('subAccount.done') }]);
    expect(done.context.accountsChanged).toHaveBeenCalled();
  });

  it('enables without asking, and reports a refusal', async () => {
    const enable = subAccountActions.find((action) => action.id === 'subAccount.enable')!;
    const { context, calls, reports } = recorder(true);
    await runSubAccountAction(context, row({ status: 4 }), enable);
    expect(context.confirm).not.toHaveBeenCalled();
    expect(calls).toEqual([['gw.credit.subaccount.enable', { subAccountId: '900' }]]);

    const refusal = { code: 20048, message: 'Sub-account not found' };
    (context.call as ReturnType<typeof vi.fn>).mockRejectedValueOnce(refusal);
    await runSubAccountAction(context, row({ status: 4 }), enable);
    expect(reports.at(-1)).toEqual({ ok: false, error: refusal });
  });

  it('opens the form that asks for the safe code for the step-up calls instead of calling', async () => {
    const { context, calls, navigated } = recorder(true);
    for (const id of ['subAccount.delete', 'subAccount.permissions', 'subAccount.edit', 'subAccount.resetPassword'])
      await runSubAccountAction(
        context,
        row(),
        subAccountActions.find((action) => action.id === id)!,
      );
    expect(calls).toEqual([]);
    expect(navigated).toEqual([
      '/sonAccount/index/delete/900',
      '/sonAccount/index/permissions/900',
      '/sonAccount/index/edit/900',
      '/sonAccount/index/password/900',
    ]);
  });
});

describe('sub-account palette commands', () => {
  const list = [row(), row({ subAccountId: '901', loginId: 'cashier02', nickname: 'Night', online: true })];

  it('picks a sub-account by login or nickname, then one of the actions it offers', async () => {
    const act = subAccountCommands.find((command) => command.id === 'subAccounts.act')!;
    const { context } = recorder(true, list);
    const [pick, choose] = act.steps!;
    expect((await pick!.choices(context, [], '')).map((choice) => choice.id)).toEqual(['900', '901']);
    expect((await pick!.choices(context, [], 'nig')).map((choice) => choice.id)).toEqual(['901']);
    const actions = (await choose!.choices(context, ['901'], '')).map((choice) => choice.id);
    expect(actions).toContain('subAccount.kickOut');
    expect((await choose!.choices(context, ['900'], '')).map((choice) => choice.id)).not.toContain('subAccount.kickOut');
  });

  it('kicks out from its own command, offering only the online ones', async () => {
    const kick = subAccountCommands.find((command) => command.id === 'do.subAccount.kickOut')!;
    const { context, calls } = recorder(true, list);
    expect((await kick.steps![0]!.choices(context, [], '')).map((choice) => choice.id)).toEqual(['901']);
    await kick.run(context, ['901']);
    expect(calls.at(-1)).toEqual(['gw.credit.subaccount.logout', { subAccountId: '901' }]);
  });

  it('opens the add form', async () => {
    const { context, navigated } = recorder(true);
    await subAccountCommands.find((command) => command.id === 'subAccounts.add')!.run(context, []);
    expect(navigated).toEqual(['/sonAccount/index/add']);
  });
});
