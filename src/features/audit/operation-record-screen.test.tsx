import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zhErrors from '../../../locales/zh/errors.json';
import type { LoginLogRow, OperationRecordRow } from '@contract/audit.contract';
import type * as GatewayClientModule from '@/api/gateway-client';
import { GatewayError } from '@/api/gateway-client';
import { startChineseI18n, stubLayout, WithQueries } from '../../../tests/support/jsdom-test-support';
import { addDays, beijingDay, presetRange, rangeTimes } from '@/lib/time';
import OperationRecordScreen from './operation-record-screen';

const call = vi.hoisted(() => vi.fn());
vi.mock('@/api/gateway-client', async (original) => ({ ...(await original<typeof GatewayClientModule>()), call }));
vi.mock('@/lib/session-context', () => ({
  SessionContext: {
    useSelector: (select: (state: unknown) => unknown) => select({ context: { profile: { userId: '1', loginId: 'admin' } } }),
  },
}));

const operation = (patch: Partial<OperationRecordRow>): OperationRecordRow => ({
  id: '1',
  time: '2026-11-24T02:00:00.000Z',
  operatorId: '1',
  operatorLoginId: 'admin',
  mainUserId: '1',
  mainLoginId: 'admin',
  targetId: '11',
  targetLoginId: 'ma01',
  action: 'gw.credit.user.score.up',
  changes: [{ field: 'balance', before: '100000', after: '101234' }],
  level: 'normal',
  code: null,
  ip: '10.0.0.1',
  region: '本地',
  terminal: 'web',
  ...patch,
});

const signIn: LoginLogRow = {
  id: '5',
  time: '2026-11-24T01:00:00.000Z',
  loginId: 'ma02',
  userId: '12',
  ip: '10.0.0.2',
  region: '本地',
  terminal: 'web',
  deviceId: 'Chrome / Linux',
  code: 2201,
};

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values);
const calls = (method: string) =>
  call.mock.calls.filter(([name]) => name === method).map(([, params]) => params as Record<string, unknown>);

function show(query = '') {
  history.replaceState(null, '', `#/operationRecord/index${query ? `?${query}` : ''}`);
  return render(
    <WithQueries>
      <OperationRecordScreen />
    </WithQueries>,
  );
}

beforeAll(async () => {
  stubLayout();
  await startChineseI18n();
  i18next.addResourceBundle('zh', 'errors', zhErrors);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1600);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
});
beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

describe('the operation record screen', () => {
  it("asks for today's operations and shows each with its operator, action and changes", async () => {
    call.mockResolvedValue({
      total: 2,
      list: [
        operation({}),
        operation({
          id: '2',
          terminal: '7',
          operatorId: '51',
          operatorLoginId: 'admin01',
          level: 'warn',
          changes: [{ field: 'password', before: null, after: null }],
        }),
      ],
    });
    show();
    const rows = await screen.findAllByTestId('audit-row');
    expect(calls('gw.credit.operation.record.query')[0]).toEqual({
      ...rangeTimes('gw.credit.operation.record.query', presetRange('today')),
      pageIndex: 1,
      pageSize: 200,
    });
    const cell = (row: HTMLElement, column: string) => row.querySelector(`[data-column="${column}"]`)?.textContent;
    expect(cell(rows[0]!, 'action')).toBe(t('audit.action.gw_credit_user_score_up'));
    expect(cell(rows[0]!, 'changes')).toBe(`${t('audit.field.balance')}: 1,000.00 → 1,012.34`);
    expect(cell(rows[1]!, 'operator')).toBe(t('audit.forMain', { operator: 'admin01', main: 'admin' }));
    expect(cell(rows[1]!, 'changes')).toBe(`${t('audit.field.password')}: ${t('audit.secretReset')}`);
    expect(cell(rows[1]!, 'level')).toBe(t('audit.level.warn'));
    expect(cell(rows[0]!, 'terminal')).toBe('web');
    expect(cell(rows[1]!, 'terminal')).toBe('后台网页');
  });

  it('sends the chosen action and level', async () => {
    call.mockResolvedValue({ total: 0, list: [] });
    show('action=gw.credit.user.bet.pause&level=error');
    await waitFor(() => expect(calls('gw.credit.operation.record.query')).toHaveLength(1));
    expect(calls('gw.credit.operation.record.query')[0]).toMatchObject({ action: 'gw.credit.user.bet.pause', level: 'error' });
    fireEvent.change(screen.getByTestId('audit-level'), { target: { value: '' } });
    await waitFor(() => expect(calls('gw.credit.operation.record.query')).toHaveLength(2));
    expect(calls('gw.credit.operation.record.query')[1]).not.toHaveProperty('level');
  });

  it('refuses a 16-day range with its message and asks nothing', async () => {
    const today = beijingDay();
    show(`start=${addDays(today, -15)}&end=${today}`);
    expect((await screen.findByTestId('range-problem')).textContent).toBe(t('filter.problem.tooLong', { days: 15 }));
    expect(calls('gw.credit.operation.record.query')).toHaveLength(0);
    expect(screen.queryAllByTestId('audit-row')).toHaveLength(0);
  });

  it("shows the gateway's range refusal with the rule's message in the interface language", async () => {
    call.mockRejectedValue(new GatewayError(100, 'range', { field: 'endTime', rule: 'range-over-15-days' }));
    show();
    expect((await screen.findByTestId('audit-refusal')).textContent).toBe(t('form.rule.rangeTooLong', { days: 15 }));
    expect(screen.queryAllByTestId('audit-row')).toHaveLength(0);
  });

  it('lists the sign-ins of the line on its tab, a refused one with its catalogue message', async () => {
    call.mockResolvedValue({ total: 1, list: [signIn] });
    show('tab=signIns');
    const row = await screen.findByTestId('audit-sign-in');
    expect(calls('gw.credit.login.log.query')[0]).toEqual({
      ...rangeTimes('gw.credit.login.log.query', presetRange('today')),
      pageIndex: 1,
      pageSize: 200,
    });
    expect(calls('gw.credit.operation.record.query')).toHaveLength(0);
    expect(within(row).getByText(i18next.t('2201', { ns: 'errors' }))).toBeTruthy();
    expect(screen.getByTestId('audit-tab-signIns').getAttribute('aria-selected')).toBe('true');
  });

  it('filters the sign-ins by name, address and outcome; a malformed name or address is refused under its field and not sent', async () => {
    call.mockResolvedValue({ total: 0, list: [] });
    show('tab=signIns&result=failed');
    await waitFor(() => expect(calls('gw.credit.login.log.query')).toHaveLength(1));
    expect(calls('gw.credit.login.log.query')[0]).toMatchObject({ result: 'failed' });
    expect(calls('gw.credit.login.log.query')[0]).not.toHaveProperty('loginId');

    const login = screen.getByTestId('sign-ins-login');
    fireEvent.change(login, { target: { value: 'ma 02' } });
    fireEvent.keyDown(login, { key: 'Enter' });
    expect((await screen.findByTestId('sign-ins-login-problem')).textContent).toBe(t('validation.loginId'));
    fireEvent.change(login, { target: { value: 'ma02' } });
    fireEvent.keyDown(login, { key: 'Enter' });
    await waitFor(() => expect(calls('gw.credit.login.log.query').at(-1)).toMatchObject({ loginId: 'ma02', result: 'failed' }));
    expect(screen.queryByTestId('sign-ins-login-problem')).toBeNull();

    const ip = screen.getByTestId('sign-ins-ip');
    fireEvent.change(ip, { target: { value: '10.0.0' } });
    fireEvent.keyDown(ip, { key: 'Enter' });
    expect((await screen.findByTestId('sign-ins-ip-problem')).textContent).toBe(t('audit.ipRule'));
    expect(calls('gw.credit.login.log.query').some((params) => params.ip === '10.0.0')).toBe(false);
    fireEvent.change(ip, { target: { value: '10.0.0.2' } });
    fireEvent.keyDown(ip, { key: 'Enter' });
    await waitFor(() => expect(calls('gw.credit.login.log.query').at(-1)).toMatchObject({ loginId: 'ma02', ip: '10.0.0.2' }));

    fireEvent.change(screen.getByTestId('sign-ins-result'), { target: { value: '' } });
    await waitFor(() => expect(calls('gw.credit.login.log.query').at(-1)).not.toHaveProperty('result'));
    expect(location.hash).toContain('ip=10.0.0.2');
  });

  it("filters by one of the caller's own sub-accounts typed in full, which the line's suggestions do not hold", async () => {
    call.mockImplementation((method: string) =>
      Promise.resolve(
        method === 'gw.credit.subaccount.query'
          ? { total: 1, list: [{ subAccountId: '51', loginId: 'admin01' }] }
          : method === 'gw.credit.operation.record.query'
            ? { total: 0, list: [] }
            : { list: [] },
      ),
    );
    show();
    await waitFor(() => expect(calls('gw.credit.subaccount.query')).toHaveLength(1));
    const field = screen.getByTestId('audit-operator');
    fireEvent.change(field, { target: { value: 'ADMIN01' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(calls('gw.credit.operation.record.query').at(-1)).toMatchObject({ operatorId: '51' }));
    expect(field.getAttribute('data-applied')).toBe('account');
    fireEvent.change(field, { target: { value: 'nobody01' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect((await screen.findByTestId('audit-operator-problem')).textContent).toContain('nobody01');
  });
});
