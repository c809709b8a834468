import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Rights } from '@commands/command';
import { resetCollapsedMenuGroups } from '@/lib/collapsed-menu-groups';
import { AppSidebar } from './app-sidebar';
import { startChineseI18n, stubLayout } from '../../../tests/support/jsdom-test-support';

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};

vi.mock('@/hooks/use-command-context', () => ({ useRights: () => company }));
vi.mock('@/hooks/use-monitor-counts', () => ({ useMonitorCounts: () => null }));
vi.mock('@/api/queries', () => ({ useCall: () => ({ data: undefined }) }));

const STORAGE = 'credit-menu-collapsed';

function renderAt(path: string, open = true) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook}>
      <AppSidebar open={open} title="" logo="" showLogo={false} />
    </Router>,
  );
  return { ...view, location };
}

const heading = (group: string) => screen.getByTestId(`menu-group-${group}`);
const entriesOf = (group: string) =>
  [...document.querySelectorAll(`[data-menu-group="${group}"] a[data-screen-id]`)].map((link) => link.getAttribute('data-screen-id'));

describe('the grouped sidebar', () => {
  beforeAll(async () => {
    stubLayout();
    await startChineseI18n();
  });
  beforeEach(() => {
    localStorage.clear();
    resetCollapsedMenuGroups();
  });
  afterEach(cleanup);

  it("shows the company's entries under the menu's groups, in order, each label whole with its tooltip", () => {
    renderAt('/notice');
    const groups = [...document.querySelectorAll('[data-menu-group]')].map((group) => group.getAttribute('data-menu-group'));
    expect(groups).toEqual(['notices', 'accounts', 'points', 'reports', 'games', 'risk', 'system', 'own']);
    expect(heading('reports').textContent).toBe('报表');
    expect(entriesOf('reports')).toEqual(['winningReport', 'dailyReport', 'leaderboard', 'tradingReport', 'bill', 'statement']);
    expect(entriesOf('risk')).toEqual(['scoreRisk', 'exposureRating', 'ipCheck', 'reconciliation', 'userWarning']);
    const risk = screen.getByRole('link', { name: '上下分风险查询' });
    expect(risk.getAttribute('title')).toBe('上下分风险查询');
    expect(risk.querySelector('.truncate')).toBeNull();
    expect(document.querySelectorAll('[data-menu-group] button[aria-expanded="true"]')).toHaveLength(8);
  });

  it('folds a group, remembers it in this browser, and unfolds it on a click', () => {
    const first = renderAt('/notice');
    fireEvent.click(heading('reports'));
    expect(heading('reports').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: '账单' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE)!)).toEqual(['reports']);
    first.unmount();

    resetCollapsedMenuGroups();
    renderAt('/notice');
    expect(heading('reports').getAttribute('aria-expanded')).toBe('false');
    expect(heading('games').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(heading('reports'));
    expect(screen.getByRole('link', { name: '账单' })).toBeDefined();
    expect(JSON.parse(localStorage.getItem(STORAGE)!)).toEqual([]);
  });

  it("opens the shown screen's group, also for a screen reached from another, and lets the user fold it again", () => {
    localStorage.setItem(STORAGE, JSON.stringify(['reports', 'accounts', 'games']));
    const { location } = renderAt('/bill/index');
    expect(heading('reports').getAttribute('aria-expanded')).toBe('true');
    expect(
      within(document.querySelector('[data-menu-group="reports"]')!).getByRole('link', { name: '账单' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(heading('games').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(heading('reports'));
    expect(heading('reports').getAttribute('aria-expanded')).toBe('false');

    // Set score belongs to the accounts entry: its group opens.
    act(() => location.navigate('/settingScore/index/7'));
    expect(heading('accounts').getAttribute('aria-expanded')).toBe('true');
    expect(heading('reports').getAttribute('aria-expanded')).toBe('false');
    expect(JSON.parse(localStorage.getItem(STORAGE)!)).toEqual(['games', 'reports']);
  });

  it('shows every entry on the icon rail, folded groups too, with the groups parted', () => {
    localStorage.setItem(STORAGE, JSON.stringify(['reports']));
    renderAt('/notice', false);
    expect(screen.queryByTestId('menu-group-reports')).toBeNull();
    expect(entriesOf('reports')).toHaveLength(6);
    expect(screen.getByRole('link', { name: '账单' })).toBeDefined();
    expect(document.querySelectorAll('[data-menu-group] hr')).toHaveLength(7);
  });
});
