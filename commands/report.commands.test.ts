import { describe, expect, it, vi } from 'vitest';
import type { CommandContext, Rights } from './command';
import { commandsFor } from './registry';
import { closeBillPeriod, reportCommands } from './report.commands';

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};
const [winLossFor, dailyFor, tradingFor, billOf] = reportCommands;

function context(rights: Rights) {
  const navigate = vi.fn();
  const call = vi.fn(async () => ({ list: [{ userId: '25', loginId: 'ag01010102', nickname: 'ag', level: 4 }] }));
  return { navigate, call, context: { rights, navigate, call, t: (key: string) => key } as unknown as CommandContext };
}

describe('"Win/loss report for…"', () => {
  it('is offered with code 7, not to a sub-account without it', () => {
    const ids = (rights: Rights) => commandsFor(rights).map((command) => command.id);
    expect(ids(company)).toContain('reports.winLossFor');
    expect(ids({ ...company, isSubAccount: true, accessCodes: [1, 5, 6] })).not.toContain('reports.winLossFor');
    expect(ids({ ...company, isSubAccount: true, accessCodes: [7] })).toContain('reports.winLossFor');
  });

  it("offers the caller's own line, and agents of the line found by name; opens the report there for the range", async () => {
    const { context: ctx, call, navigate } = context(company);
    const [accounts, ranges] = winLossFor!.steps!;
    expect((await accounts!.choices(ctx, [], '')).map((choice) => choice.id)).toEqual(['self']);
    expect(call).not.toHaveBeenCalled();
    const found = await accounts!.choices(ctx, [], ' ag0101 ');
    expect(found.map((choice) => [choice.id, choice.title ?? choice.titleKey])).toEqual([
      ['self', 'reports.myLine'],
      ['25', 'ag01010102'],
    ]);
    expect(call).toHaveBeenCalledWith('gw.credit.fuzzy.agent.search.tips', { keyword: 'ag0101', limit: 20 });
    expect((await ranges!.choices(ctx, ['25'], '')).map((choice) => choice.id)).toContain('lastMonth');

    await winLossFor!.run(ctx, ['25', 'lastWeek']);
    expect(navigate).toHaveBeenLastCalledWith('/winningReport/index?trail=25%7Eag01010102%7E4&preset=lastWeek');
    await winLossFor!.run(ctx, ['self', 'today']);
    expect(navigate).toHaveBeenLastCalledWith('/winningReport/index?preset=today');
    await winLossFor!.run(ctx, []);
    expect(navigate).toHaveBeenLastCalledWith('/winningReport/index');
  });
});

describe('"Daily report for…"', () => {
  it('is offered with code 8; finds members as well as agents and opens their days for the range', async () => {
    const ids = (rights: Rights) => commandsFor(rights).map((command) => command.id);
    expect(ids(company)).toContain('reports.dailyFor');
    expect(ids({ ...company, isSubAccount: true, accessCodes: [7] })).not.toContain('reports.dailyFor');
    const { context: ctx, call, navigate } = context(company);
    call.mockResolvedValueOnce({
      list: [
        { userId: '1', loginId: 'admin', nickname: 'me', level: 0 },
        { userId: '77', loginId: 'mb01010101001', nickname: 'mb', level: 5 },
      ],
    });
    const [accounts] = dailyFor!.steps!;
    const found = await accounts!.choices(ctx, [], 'mb0101');
    expect(found.map((choice) => choice.id)).toEqual(['self', '77']);
    expect(call).toHaveBeenCalledWith('gw.credit.fuzzy.search.tips', { keyword: 'mb0101', limit: 20 });
    await dailyFor!.run(ctx, ['77', 'thisMonth']);
    expect(navigate).toHaveBeenLastCalledWith('/dailyReport/index?account=77%7Emb01010101001%7E5&preset=thisMonth');
    await dailyFor!.run(ctx, ['self', 'yesterday']);
    expect(navigate).toHaveBeenLastCalledWith('/dailyReport/index?preset=yesterday');
  });
});

describe('"Trading report for…" and "Bill of…"', () => {
  it('are offered with code 8, not with code 7 alone', () => {
    const ids = (rights: Rights) => commandsFor(rights).map((command) => command.id);
    expect(ids(company)).toEqual(expect.arrayContaining(['reports.tradingFor', 'reports.billOf']));
    const reportsOnly = ids({ ...company, isSubAccount: true, accessCodes: [7] });
    expect(reportsOnly).not.toContain('reports.tradingFor');
    expect(reportsOnly).not.toContain('reports.billOf');
  });

  it('open the trading report on an agent for a range, and the bill of an agent that has agents below it', async () => {
    const { context: ctx, call, navigate } = context(company);
    const [tradingAccounts, tradingRanges] = tradingFor!.steps!;
    expect((await tradingAccounts!.choices(ctx, [], 'ag0101')).map((choice) => choice.id)).toEqual(['self', '25']);
    expect((await tradingRanges!.choices(ctx, ['25'], '')).map((choice) => choice.id)).toContain('thisWeek');
    await tradingFor!.run(ctx, ['25', 'thisWeek']);
    expect(navigate).toHaveBeenLastCalledWith('/tradingReport/index?trail=25%7Eag01010102%7E4&preset=thisWeek');

    // A level-4 agent has only members below it: it has no bill of its own, so it is not offered.
    call.mockResolvedValueOnce({
      list: [
        { userId: '25', loginId: 'ag01010102', nickname: 'ag', level: 4 },
        { userId: '9', loginId: 'ag0101', nickname: 'ag', level: 2 },
      ],
    });
    expect(billOf!.steps).toHaveLength(1);
    const found = await billOf!.steps![0]!.choices(ctx, [], 'ag01');
    expect(found.map((choice) => choice.id)).toEqual(['self', '9']);
    expect(call).toHaveBeenLastCalledWith('gw.credit.fuzzy.agent.search.tips', { keyword: 'ag01', limit: 20 });
    await billOf!.run(ctx, ['9']);
    expect(navigate).toHaveBeenLastCalledWith('/bill/index?trail=9%7Eag0101%7E2');
    await billOf!.run(ctx, ['self']);
    expect(navigate).toHaveBeenLastCalledWith('/bill/index');
  });
});

const closePreview = (token: string, agentToCompany = '6.30') => ({
  method: 'gw.credit.agent.to.company.acc.reset',
  userId: '25',
  loginId: 'ag01010102',
  periodStart: '2026-11-20T16:00:00.000Z',
  periodEnd: '2026-11-24T16:00:00.000Z',
  lastSettlementId: null,
  balance: '100.00',
  bets: 3,
  validAmount: '30.00',
  valueWonLose: '-6.30',
  agentToCompany,
  companyLimits: [{ gameType: 'live', limit: '1000.00', used: '6.30', left: '993.70' }],
  refusals: [],
  token,
  expiresAt: '2026-11-25T01:02:00.000Z',
});

describe('closing a settlement period', () => {
  const make = (confirmed: boolean, stale = false) => {
    const calls: [string, Record<string, unknown>][] = [];
    const reports: unknown[] = [];
    const descriptions: string[] = [];
    let closes = 0;
    const context = {
      rights: company,
      currency: 'CNY',
      formatAmount: (value: string) => `fmt(${value})`,
      t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
      confirm: vi.fn(async (request: { description: string; destructive?: boolean }) => {
        descriptions.push(request.description);
        return confirmed;
      }),
      call: vi.fn(async (method: string, params: Record<string, unknown>) => {
        calls.push([method, params]);
        if (method === 'gw.credit.agent.to.company.acc.reset.preview') return closePreview('v1.first');
        closes += 1;
        if (stale && closes === 1) throw { code: 20060, data: { rule: 'preview-changed', preview: closePreview('v1.fresh', '7.00') } };
        return { agentToCompany: stale ? '7.00' : '6.30' };
      }),
      report: (outcome: unknown) => reports.push(outcome),
      accountsChanged: vi.fn(),
    } as unknown as CommandContext;
    return { context, calls, reports, descriptions };
  };

  it("shows the gateway's preview first: a cancel closes nothing; a yes closes with its token, says what it kept and refreshes the bill", async () => {
    const cancelled = make(false);
    await closeBillPeriod(cancelled.context, { userId: '25', loginId: 'ag01010102' });
    expect(cancelled.calls).toEqual([['gw.credit.agent.to.company.acc.reset.preview', { userId: '25' }]]);
    expect(cancelled.descriptions[0]).toContain('bill.previewNumbers {"bets":3,"validAmount":"fmt(30.00)"');
    expect(cancelled.descriptions[0]).toContain('bill.previewLimit');
    // Enter confirms the previewed close: the dialog is not a destructive one (Cancel is not its default).
    expect(vi.mocked(cancelled.context.confirm).mock.calls[0]![0]).not.toHaveProperty('destructive', true);

    const confirmed = make(true);
    await closeBillPeriod(confirmed.context, { userId: '25', loginId: 'ag01010102' });
    const [, close] = confirmed.calls;
    expect(close).toEqual([
      'gw.credit.agent.to.company.acc.reset',
      { userId: '25', previewToken: 'v1.first', requestKey: expect.any(String) },
    ]);
    expect(confirmed.reports).toEqual([{ ok: true, message: 'bill.closed {"account":"ag01010102","amount":"6.30"} (CNY)' }]);
    expect(confirmed.context.accountsChanged).toHaveBeenCalledWith(['gw.credit.bill.query']);
  });

  it('shows a stale refusal its fresh preview and closes on it with the same request key', async () => {
    const run = make(true, true);
    await closeBillPeriod(run.context, { userId: '25', loginId: 'ag01010102' });
    const closes = run.calls.filter(([method]) => method === 'gw.credit.agent.to.company.acc.reset');
    expect(closes.map(([, params]) => params.previewToken)).toEqual(['v1.first', 'v1.fresh']);
    expect(closes[1]![1].requestKey).toBe(closes[0]![1].requestKey);
    expect(run.descriptions[1]!.startsWith('bill.previewStale')).toBe(true);
    expect(run.descriptions[1]).toContain('fmt(7.00)');
    expect(run.reports).toEqual([{ ok: true, message: 'bill.closed {"account":"ag01010102","amount":"7.00"} (CNY)' }]);
  });
});
