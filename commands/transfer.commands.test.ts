import { describe, expect, it, vi } from 'vitest';
import type { CommandContext, Rights } from './command';
import { commandsFor } from './registry';
import { rowActionsFor } from './account-actions.commands';
import { recallGameWallet, repairTransfer, transferCommands, type TransferRow } from './transfer.commands';

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};
const pending: TransferRow = {
  transferId: 'T-77',
  type: 'in',
  userId: '9',
  loginId: 'mb01',
  amount: '50.00',
  state: 'pending',
  serialNo: '41',
  reversalOf: null,
  sessionId: 'T-77',
  time: '2026-11-25T01:00:00.000Z',
};

function recorder(confirmed: boolean, state: TransferRow['state'] = 'reversed') {
  const calls: [string, unknown][] = [];
  const reports: { ok: boolean; message?: string }[] = [];
  const context = {
    rights: company,
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    confirm: vi.fn(async () => confirmed),
    call: vi.fn(async (method: string, params: unknown) => {
      calls.push([method, params]);
      if (method === 'gw.credit.transfer.query') return { total: 1, pending: 1, list: [pending] };
      return { transferId: 'T-77', type: 'in', state, userId: '9' };
    }),
    report: (outcome: { ok: boolean; message?: string }) => reports.push(outcome),
    accountsChanged: vi.fn(),
    refreshPoints: vi.fn(),
    currency: 'THB',
    formatAmount: (value: string) => `fmt(${value})`,
  } as unknown as CommandContext;
  return { context, calls, reports };
}

describe('repairing a pending transfer', () => {
  it('asks first; a cancel calls nothing', async () => {
    const run = recorder(false);
    await repairTransfer(run.context, pending);
    expect(run.context.confirm).toHaveBeenCalledOnce();
    expect(run.calls).toEqual([]);
  });

  it('repairs, says what the platform decided, and reloads the transfers, the log and the balance', async () => {
    const run = recorder(true, 'reversed');
    await repairTransfer(run.context, pending);
    expect(run.calls).toEqual([['gw.credit.transfer.repair', { transferId: 'T-77' }]]);
    expect(run.reports).toEqual([{ ok: true, message: expect.stringContaining('transfers.repaired.reversed') }]);
    expect(run.context.accountsChanged).toHaveBeenCalledWith(['gw.credit.transfer.query', 'gw.credit.score.log.query']);
    expect(run.context.refreshPoints).toHaveBeenCalledOnce();
  });

  it('reports a refusal (the platform silent) and reloads nothing', async () => {
    const run = recorder(true);
    vi.mocked(run.context.call).mockRejectedValueOnce(new Error('37162'));
    await repairTransfer(run.context, pending);
    expect(run.reports).toEqual([expect.objectContaining({ ok: false })]);
    expect(run.context.accountsChanged).not.toHaveBeenCalled();
  });

  it('is offered from the palette with the pending transfers as choices, only to who may repair', async () => {
    const [command] = transferCommands;
    expect(commandsFor(company).map((c) => c.id)).toContain('transfers.repair');
    expect(commandsFor({ ...company, level: 2 }).map((c) => c.id)).not.toContain('transfers.repair');
    expect(commandsFor({ ...company, isSubAccount: true, accessCodes: [1, 6] }).map((c) => c.id)).not.toContain('transfers.repair');
    const run = recorder(true, 'done');
    const choices = await command!.steps![0]!.choices(run.context, [], '');
    expect(choices.map((choice) => choice.id)).toEqual(['T-77']);
    // The amount written in the interface language, the site's currency once.
    expect(choices[0]!.title).toBe(`${pending.loginId} · log.type.${pending.type} fmt(${pending.amount}) (THB)`);
    expect(run.calls[0]).toEqual(['gw.credit.transfer.query', { state: 'pending', pageIndex: 1, pageSize: 100 }]);
    await command!.run(run.context, ['T-77']);
    expect(run.calls.at(-1)).toEqual(['gw.credit.transfer.repair', { transferId: 'T-77' }]);
  });
});

const recallPreview = (token: string, walletBefore: string | null = '25.00') => ({
  method: 'gw.credit.transfer.recall',
  userId: '9',
  loginId: 'mb01',
  balanceBefore: '10.00',
  balanceAfter: walletBefore === null ? '10.00' : '35.00',
  walletBefore,
  walletAfter: walletBefore === null ? null : '0.00',
  sessionId: 'T-1',
  refusals: walletBefore === null ? [{ code: 20061, message: 'paused' }] : [],
  token,
  expiresAt: '2026-11-25T01:02:00.000Z',
});

describe('recalling a game wallet', () => {
  const member = { parentId: '40', level: 5, status: 6, teamStatus: 1 };
  it('is offered on a member of the line (not only a direct child) with the score right, never on an agent', () => {
    const offered = (rights: Rights, target = member) => rowActionsFor(target, rights).map((action) => action.id);
    expect(offered(company)).toContain('member.recallWallet');
    expect(offered(company, { ...member, level: 3 })).not.toContain('member.recallWallet');
    expect(offered({ ...company, isSubAccount: true, accessCodes: [1, 6] })).not.toContain('member.recallWallet');
    expect(offered({ ...company, isSubAccount: true, accessCodes: [1, 5] })).toContain('member.recallWallet');
    expect(commandsFor(company).map((command) => command.id)).toContain('do.member.recallWallet');
  });

  it('offers the time-out (its screen) on the same members, to the same callers, from the row and the palette', () => {
    const offered = (rights: Rights, target = member) => rowActionsFor(target, rights).map((action) => action.id);
    expect(offered(company)).toContain('member.exclusion');
    expect(offered(company, { ...member, level: 3 })).not.toContain('member.exclusion');
    expect(offered({ ...company, isSubAccount: true, accessCodes: [1, 6] })).not.toContain('member.exclusion');
    expect(offered({ ...company, isSubAccount: true, accessCodes: [1, 5] })).toContain('member.exclusion');
    const action = rowActionsFor(member, company).find((candidate) => candidate.id === 'member.exclusion')!;
    expect(action.path?.('9')).toBe('/memberExclusion/index/9');
    expect(commandsFor(company).map((command) => command.id)).toContain('do.member.exclusion');
  });

  function run(answers: unknown[]) {
    const calls: [string, Record<string, unknown>][] = [];
    const descriptions: string[] = [];
    const reports: unknown[] = [];
    const context = {
      rights: company,
      currency: 'CNY',
      formatAmount: (value: string) => value,
      t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
      confirm: vi.fn(async (request: { description: string }) => {
        descriptions.push(request.description);
        return true;
      }),
      call: vi.fn(async (method: string, params: Record<string, unknown>) => {
        calls.push([method, params]);
        if (method === 'gw.credit.transfer.recall.preview') return recallPreview('v1.first');
        const answer = answers.shift();
        if (answer instanceof Error || (typeof answer === 'object' && answer !== null && 'code' in answer)) throw answer;
        return answer;
      }),
      report: (outcome: unknown) => reports.push(outcome),
      accountsChanged: vi.fn(),
      refreshPoints: vi.fn(),
    } as unknown as CommandContext;
    return { context, calls, descriptions, reports };
  }

  it('confirms the preview (credit and wallet before and after), recalls with its token, and on a stale refusal confirms the fresh one', async () => {
    const recalled = { transferId: 'RC-1', state: 'done', amount: '30.00', serialNo: '50', balance: '40.00' };
    const stale = { code: 20060, data: { rule: 'preview-changed', preview: { ...recallPreview('v1.fresh'), walletBefore: '30.00' } } };
    const { context, calls, descriptions, reports } = run([stale, recalled]);
    await recallGameWallet(context, { userId: '9', loginId: 'mb01' });
    expect(descriptions[0]).toBe(
      'transfers.recallCredit {"loginId":"mb01","before":"10.00","after":"35.00"}\ntransfers.recallWallet {"before":"25.00","after":"0.00"} (CNY)',
    );
    expect(descriptions[1]!.startsWith('transfers.recallStale\n')).toBe(true);
    const recalls = calls.filter(([method]) => method === 'gw.credit.transfer.recall');
    expect(recalls.map(([, params]) => params.previewToken)).toEqual(['v1.first', 'v1.fresh']);
    expect(recalls[1]![1].requestKey).toBe(recalls[0]![1].requestKey);
    expect(reports).toEqual([{ ok: true, message: 'transfers.recalled.done {"loginId":"mb01","amount":"30.00","balance":"40.00"} (CNY)' }]);
  });

  it('reports a refusal that is not a stale preview, and says when the recall is left pending', async () => {
    const refused = run([{ code: 20061 }]);
    await recallGameWallet(refused.context, { userId: '9', loginId: 'mb01' });
    expect(refused.reports).toEqual([{ ok: false, error: { code: 20061 } }]);
    const pendingRun = run([{ transferId: 'RC-2', state: 'pending', amount: '25.00', serialNo: null, balance: '10.00' }]);
    await recallGameWallet(pendingRun.context, { userId: '9', loginId: 'mb01' });
    expect(pendingRun.reports).toEqual([
      { ok: true, message: 'transfers.recalled.pending {"loginId":"mb01","amount":"25.00","balance":"10.00"} (CNY)' },
    ]);
  });
});
