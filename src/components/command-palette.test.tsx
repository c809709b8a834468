import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../../commands/command';
import enCommon from '../../locales/en/common.json';
import { CommandPalette } from './command-palette';
import { startChineseI18n, stubLayout } from '../../tests/support/jsdom-test-support';

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
