import { describe, expect, it, vi } from 'vitest';
import type { CommandContext, Rights } from './command';
import { reconciliationCommands } from './reconciliation.commands';

const company: Rights = { userId: '1', level: 0, accessCodes: [6], isSubAccount: false, mustChangePassword: false };
const levelTwo: Rights = { ...company, userId: '9', level: 2 };
const difference = {
  differenceId: '41',
  runId: '7',
  class: 'missing',
  subject: 'bets',
  ref: '1001/baccarat',
  memberId: '1001',
  memberLogin: 'mb01',
  platformRow: { count: 2 },
  ourRow: { count: 1 },
  resolvedAt: null,
  resolvedBy: null,
  note: null,
};

function palette() {
  const reports: { ok: boolean; message?: string }[] = [];
  const call = vi.fn(async (method: string, _params: unknown) => {
    if (method === 'gw.credit.reconciliation.run.query') return { total: 1, completeTo: null, list: [{ runId: '7' }] };
    if (method === 'gw.credit.reconciliation.difference.query') return { total: 1, list: [difference] };
    if (method === 'gw.credit.reconciliation.run.start') return { runId: '8', state: 'differences', differences: 3, error: null };
    return { differenceId: '41', resolvedAt: '2027-01-01T00:00:00.000Z', resolvedBy: 'admin' };
  });
  const context = {
    rights: company,
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    call,
    report: (outcome: { ok: boolean; message?: string }) => reports.push(outcome),
    accountsChanged: vi.fn(),
    navigate: vi.fn(),
  } as unknown as CommandContext;
  return { context, reports, call };
}

describe('reconciliation from the palette', () => {
  const [runNow, resolve, inFlight] = reconciliationCommands;

  it('is offered to the company and level 1 holding code 6, never below', () => {
    expect(runNow!.when(company) && resolve!.when(company)).toBe(true);
    expect(runNow!.when({ ...company, level: 1 })).toBe(true);
    expect(runNow!.when(levelTwo) || resolve!.when(levelTwo)).toBe(false);
  });

  it('opens the in-flight tab for the company and level 1, never below', async () => {
    expect(inFlight!.when(company) && inFlight!.when({ ...company, level: 1 })).toBe(true);
    expect(inFlight!.when(levelTwo)).toBe(false);
    const run = palette();
    await inFlight!.run(run.context, []);
    expect(run.context.navigate).toHaveBeenCalledWith('/reconciliation/index?tab=inflight');
  });

  it('runs now and says what it found', async () => {
    const run = palette();
    await runNow!.run(run.context, []);
    expect(run.call).toHaveBeenCalledWith('gw.credit.reconciliation.run.start', {});
    expect(run.reports).toEqual([{ ok: true, message: 'reconciliation.runFound {"count":3}' }]);
  });

  it('resolves an open difference of the latest run with the note typed', async () => {
    const run = palette();
    const [pick, note] = resolve!.steps!;
    const choices = await pick!.choices(run.context, [], '');
    expect(choices).toEqual([expect.objectContaining({ id: '41', title: 'reconciliation.class.missing · 1001/baccarat' })]);
    expect(await note!.choices(run.context, ['41'], '   ')).toEqual([]);
    expect(await note!.choices(run.context, ['41'], ' entered by hand ')).toEqual([expect.objectContaining({ id: 'entered by hand' })]);
    await resolve!.run(run.context, ['41', 'entered by hand']);
    expect(run.call).toHaveBeenLastCalledWith('gw.credit.reconciliation.difference.resolve', {
      differenceId: '41',
      note: 'entered by hand',
    });
    expect(run.reports).toEqual([{ ok: true, message: 'reconciliation.resolved {"ref":"1001/baccarat"}' }]);
  });
});
