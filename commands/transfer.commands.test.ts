import { describe, expect, it, vi } from 'vitest';
import type { CommandContext, Rights } from './command';
import { commandsFor } from './registry';
import { repairTransfer, transferCommands, type TransferRow } from './transfer.commands';

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
