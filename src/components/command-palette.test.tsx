import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '@commands/command';
import enCommon from '../../locales/en/common.json';
import { CommandPalette } from './command-palette';
import { showError } from '@/lib/error-toast';
import { startChineseI18n, stubLayout, WithQueries } from '../../tests/support/jsdom-test-support';

vi.mock('@/lib/error-toast', () => ({ showError: vi.fn() }));

const context = {
  rights: { userId: '1', level: 0, accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11], isSubAccount: false, mustChangePassword: false },
  t: (key: string) => key,
} as unknown as CommandContext;

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

describe('the command palette', () => {
  beforeAll(async () => {
    stubLayout();
    await startChineseI18n();
  });
  afterEach(cleanup);

  // More commands than a virtualized page holds (50): the command list stays grouped, so the
  // recent ones and each group keep their headings, and every row is there from the first render.
  it('lists every command grouped, not virtualized, however many there are', () => {
    render(<CommandPalette open onOpenChange={() => undefined} context={context} />, { wrapper });
    expect(screen.getAllByRole('option').length).toBeGreaterThan(50);
    expect(screen.getAllByRole('group').length).toBeGreaterThan(1);
  });

  const optionIds = () => screen.getAllByRole('option').map((option) => option.getAttribute('data-command-id'));

  it("lists the screens under the sidebar's groups", () => {
    render(<CommandPalette open onOpenChange={() => undefined} context={context} />, { wrapper });
    const reports = screen.getByRole('group', { name: '前往 · 报表' });
    expect([...reports.querySelectorAll('[data-command-id]')].map((option) => option.getAttribute('data-command-id'))).toEqual([
      'go.winningReport',
      'go.dailyReport',
      'go.leaderboard',
      'go.tradingReport',
      'go.bill',
      'go.statement',
    ]);
    expect(screen.getByRole('group', { name: '前往 · 风控' })).toBeDefined();
  });

  it("leaves the desktop's menu, tabs and layout out of the phone's command sheet", () => {
    render(<CommandPalette open onOpenChange={() => undefined} context={context} />, { wrapper });
    expect(optionIds()).toEqual(expect.arrayContaining(['preferences.sidebar', 'preferences.closeAllTags', 'preferences.settings']));
    cleanup();
    render(<CommandPalette open onOpenChange={() => undefined} context={{ ...context, view: 'mobile' }} placement="bottom" />, { wrapper });
    const phone = optionIds();
    expect(phone).toEqual(expect.arrayContaining(['go.notice', 'points.setScore', 'preferences.language', 'session.switchView']));
    expect(phone.filter((id) => id!.startsWith('preferences.') && !['preferences.language', 'preferences.theme'].includes(id!))).toEqual(
      [],
    );
  });

  it('steps back on Escape in a step, keeping the palette open, and closes on Escape at the top', () => {
    const onOpenChange = vi.fn();
    render(<CommandPalette open onOpenChange={onOpenChange} context={context} />, { wrapper });
    fireEvent.click(screen.getByRole('option', { name: /切换语言|语言/ }));
    expect(optionIds()).toContain('preferences.language::en');
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(optionIds()).toContain('preferences.language');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('ranks the set-score action first for "上下分", above the screens whose names contain it', () => {
    render(<CommandPalette open onOpenChange={() => undefined} context={context} />, { wrapper });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '上下分' } });
    expect(optionIds()[0]).toBe('points.setScore');
    expect(optionIds()).toContain('go.scoreRisk');
  });

  it('ranks "Set score…" above "Set-score risk search" for "set s": the title beginning with the words typed first', async () => {
    i18next.addResourceBundle('en', 'common', enCommon);
    await i18next.changeLanguage('en');
    try {
      render(<CommandPalette open onOpenChange={() => undefined} context={context} />, { wrapper });
      fireEvent.change(screen.getByRole('combobox'), { target: { value: 'set s' } });
      const ids = optionIds();
      expect(ids[0]).toBe('points.setScore');
      expect(ids.indexOf('go.scoreRisk')).toBeGreaterThan(0);
    } finally {
      await i18next.changeLanguage('zh');
    }
  });

  it('exports the shown list in the format picked, only where there is one', async () => {
    render(<CommandPalette open onOpenChange={() => undefined} context={context} />, { wrapper });
    expect(optionIds()).not.toContain('screen.exportList');
    cleanup();
    const run = vi.fn();
    render(<CommandPalette open onOpenChange={() => undefined} context={{ ...context, listExport: () => ({ run }) }} />, { wrapper });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '导出' } });
    expect(optionIds()[0]).toBe('screen.exportList');
    fireEvent.click(screen.getByRole('option', { name: /导出此列表/ }));
    await screen.findByRole('option', { name: 'Excel' });
    expect(screen.getByRole('combobox').getAttribute('placeholder')).toBe('选择导出格式…');
    fireEvent.click(screen.getByRole('option', { name: 'Excel' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('xlsx'));
  });
});

describe('the command palette, given a login', () => {
  beforeAll(async () => {
    stubLayout();
    await startChineseI18n();
  });
  afterEach(cleanup);

  // An agent directly below the caller, enabled, offline: what the account search answers for "ma01".
  const ma01 = {
    userId: '501',
    loginId: 'ma01',
    nickname: 'Ma',
    level: 1,
    parentId: '1',
    status: 1,
    teamStatus: 1,
    balance: '100.00',
    pointLimit: '1000.00',
    agentCommisionRate: 80,
    validAmountRate: 1,
    online: false,
    betPaused: false,
    betStopped: false,
    winBlocked: false,
    exceptionMarked: false,
    loginLocked: false,
    childCount: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    lastLoginAt: null,
    line: [
      { userId: '1', loginId: 'boss', level: 0 },
      { userId: '501', loginId: 'ma01', level: 1 },
    ],
  };
  const gateway = () =>
    vi.fn(async (method: string, params: Record<string, unknown>) => {
      if (method === 'gw.credit.fuzzy.search.tips')
        return { list: String(params.keyword).startsWith('ma') ? [{ userId: '501', loginId: 'ma01', nickname: 'Ma', level: 1 }] : [] };
      if (method === 'gw.credit.account.search') return { list: params.loginId === 'ma01' ? [ma01] : [] };
      return {};
    });
  const given = (overrides: Partial<CommandContext> = {}) =>
    ({
      ...context,
      call: gateway(),
      navigate: vi.fn(),
      confirm: vi.fn(async () => true),
      report: vi.fn(),
      accountsChanged: vi.fn(),
      ...overrides,
    }) as CommandContext;
  const type = (text: string) => fireEvent.change(screen.getByRole('combobox'), { target: { value: text } });

  it('lists the accounts of the line starting with what is typed, each with the actions its status allows, in a group of its own', async () => {
    const commands = given();
    render(<CommandPalette open onOpenChange={() => undefined} context={commands} />, { wrapper });
    type('m');
    type('ma01');
    const group = await screen.findByRole('group', { name: '账号 ma01（大股东）' }, { timeout: 2000 });
    const ids = [...group.querySelectorAll('[data-command-id]')].map((option) => option.getAttribute('data-command-id'));
    expect(ids).toEqual(
      expect.arrayContaining([
        'found:501:accounts.act:501:account.edit',
        'found:501:accounts.act:501:account.freeze',
        'found:501:dealRecord.open:501',
        'found:501:reports.winLossFor:501',
      ]),
    );
    // Enabled and offline: not "enable", "unfreeze" nor "kick out", as on its row.
    expect(ids).not.toContain('found:501:accounts.act:501:account.enable');
    expect(ids).not.toContain('found:501:accounts.act:501:account.unfreeze');
    expect(ids).not.toContain('found:501:accounts.act:501:account.kickOut');
    // One word of two letters at least: "m" alone asks nothing.
    expect(vi.mocked(commands.call).mock.calls.map(([, params]) => (params as { keyword?: string }).keyword)).not.toContain('m');
  });

  it('runs the action picked on the account found, and goes on to the next step with the account chosen, the input empty', async () => {
    const commands = given();
    render(<CommandPalette open onOpenChange={() => undefined} context={commands} />, { wrapper });
    type('ma01');
    fireEvent.click(await screen.findByRole('option', { name: '冻结' }, { timeout: 2000 }));
    await waitFor(() => expect(commands.call).toHaveBeenCalledWith('gw.credit.user.disable', { userId: '501', mode: 'freeze' }));
    cleanup();
    render(<CommandPalette open onOpenChange={() => undefined} context={commands} />, { wrapper });
    type('ma01');
    const report = await screen.findByRole('option', { name: /^输赢报表/ }, { timeout: 2000 });
    fireEvent.click(report);
    expect(screen.getByTestId('palette-page').textContent).toContain('ma01');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('combobox').getAttribute('placeholder')).toBe('选择时间范围…');
  });

  it('on Enter runs the first account entry with the account chosen, and never carries the typed text into a next step', async () => {
    const commands = given();
    render(<CommandPalette open onOpenChange={() => undefined} context={commands} />, { wrapper });
    type('ma01');
    await screen.findByRole('group', { name: '账号 ma01（大股东）' }, { timeout: 2000 });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    await waitFor(() => expect(commands.navigate).toHaveBeenCalledWith('/editAccount/index/501'));
    cleanup();
    render(<CommandPalette open onOpenChange={() => undefined} context={commands} />, { wrapper });
    type('上下分');
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    expect(screen.getByTestId('palette-page')).toBeDefined();
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('');
  });

  it('tells at the amount step of set score what to type, the range and the balance it draws from, not "nothing matches"', async () => {
    const lookup = gateway();
    const commands = given({
      call: vi.fn(async (method: string, params: Record<string, unknown>) =>
        method === 'gw.credit.agent.query' ? { total: 1, list: [ma01] } : lookup(method, params),
      ) as never,
      t: (key: string, values?: Record<string, unknown>) => i18next.t(key, values ?? {}),
      formatAmount: (value: string) => value,
      currency: '',
      ownBalance: '300.00',
    });
    render(<CommandPalette open onOpenChange={() => undefined} context={commands} />, { wrapper });
    type('上下分');
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: /^ma01/ }, { timeout: 2000 }));
    fireEvent.click(screen.getByRole('option', { name: '上分' }));
    const hint = '输入给 ma01 上分的分数，如 100 或 10.50：0.01 至 300.00，从您的 300.00 中扣除';
    expect(screen.getByText(hint)).toBeDefined();
    expect(screen.queryByText('没有匹配的结果。')).toBeNull();
    type('25');
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('data-command-id'))).toEqual(['points.setScore:501:up:25']);
    type('2x');
    expect(screen.getByText(hint)).toBeDefined();
  });

  it('stays silent when the lookup fails: no account listed, no error told', async () => {
    const failing = vi.fn(async () => {
      throw new Error('offline');
    });
    render(<CommandPalette open onOpenChange={() => undefined} context={given({ call: failing as never })} />, { wrapper: WithQueries });
    type('ma01');
    await waitFor(() => expect(failing).toHaveBeenCalled(), { timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('group', { name: /^账号/ })).toBeNull();
    expect(screen.getByText('没有匹配的结果。')).toBeDefined();
    expect(showError).not.toHaveBeenCalled();
  });
});
