import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportNumbers } from '@contract/report.contract';
import type * as GatewayClientModule from '@/api/gateway-client';
import { startChineseI18n, stubLayout, WithQueries } from '../../../tests/support/jsdom-test-support';
import DailyReportScreen from './daily-report-screen';

const call = vi.hoisted(() => vi.fn());
vi.mock('@/api/gateway-client', async (original) => ({ ...(await original<typeof GatewayClientModule>()), call }));
vi.mock('@/lib/session-context', () => ({
  SessionContext: {
    useSelector: (select: (state: unknown) => unknown) =>
      select({
        context: {
          session: { userId: '1', mainUserId: '1', level: 1, accessCode: [7, 8], sessionType: 1 },
          profile: { userId: '1', loginId: 'ma01', level: 1 },
        },
      }),
  },
}));

const numbers = (patch: Partial<ReportNumbers>): ReportNumbers => ({
  bets: 1,
  betAmount: '100.00',
  validAmount: '100.00',
  valueWonLose: '-10.00',
  betRebate: '0.00',
  agentRate: 0,
  agentToCompany: '10.00',
  toCompanyBetValue: '100.00',
  toCompanyBets: 1,
  companyProfitRate: 10,
  ...patch,
});

const calls = (method: string) =>
  call.mock.calls.filter(([name]) => name === method).map(([, params]) => params as Record<string, unknown>);

beforeAll(async () => {
  stubLayout();
  await startChineseI18n();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1600);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
});
beforeEach(() => call.mockReset());
afterEach(cleanup);

describe("an agent's daily report", () => {
  it("shows the range's company profit rate in the totals row, as its win/loss report totals the range", async () => {
    call.mockImplementation((method: string) => {
      if (method === 'gw.credit.agent.daily.report')
        return Promise.resolve({
          list: [
            { ...numbers({ bets: 1200, companyProfitRate: 10 }), day: '2026-11-20' },
            { ...numbers({ bets: 130, companyProfitRate: -5 }), day: '2026-11-21' },
          ],
        });
      if (method === 'gw.credit.agent.list.total.report')
        return Promise.resolve({
          list: [],
          total: numbers({ bets: 1330, companyProfitRate: 1.23 }),
          own: { userId: '1', loginId: 'ma01', level: 1, result: '0.00' },
        });
      return Promise.resolve({ list: [] });
    });
    history.replaceState(null, '', '#/dailyReport/index?start=2026-11-20&end=2026-11-21');
    render(
      <WithQueries>
        <DailyReportScreen />
      </WithQueries>,
    );
    await waitFor(() => expect(screen.getByTestId('daily-summary').textContent).toBe('1.23%'));
    const totals = screen.getByTestId('table-totals');
    expect(totals.querySelector('[data-column=bets]')?.textContent).toBe('1,330');
    // Each day is written as the interface language writes a date (Chinese here); the row keeps the day itself, newest first.
    const days = [...document.querySelectorAll('[data-day]')].map((row) => [
      row.getAttribute('data-day'),
      row.querySelector('[data-column=day]')?.textContent,
    ]);
    expect(days).toEqual([
      ['2026-11-21', '2026/11/21'],
      ['2026-11-20', '2026/11/20'],
    ]);
    const daily = calls('gw.credit.agent.daily.report')[0]!;
    expect(calls('gw.credit.agent.list.total.report')[0]).toEqual({ startTime: daily.startTime, endTime: daily.endTime });
    expect(calls('gw.credit.player.summary.report')).toHaveLength(0);
  });
});
