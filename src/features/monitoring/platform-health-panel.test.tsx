import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformHealth } from '@contract/monitoring.contract';
import en from '../../../locales/en/common.json';
import id from '../../../locales/id/common.json';
import th from '../../../locales/th/common.json';
import vi_ from '../../../locales/vi/common.json';
import zh from '../../../locales/zh/common.json';
import { PlatformHealthPanel, timeAgo } from './platform-health-panel';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    i18n: { language: 'en' },
  }),
}));

afterEach(cleanup);

const NOW = new Date('2026-03-01T12:00:00Z');
const healthy: PlatformHealth = {
  siteId: 'acme',
  kind: 'http',
  url: 'https://platform.example/api/',
  lastSuccessAt: '2026-03-01T11:59:48Z',
  feed: { lagSeconds: 2, lagItems: 0 },
  pendingTransfers: 0,
  oldestPendingSeconds: null,
  pendingAlertSeconds: 600,
  signatureRefusals: 0,
  failedCalls: 0,
  lastFailure: null,
  unsentPushes: 0,
  reconciliationDifferences: 0,
  pausedAt: null,
  alert: false,
};
const text = (testId: string) => screen.getByTestId(testId).textContent;
const warned = (testId: string) => screen.getByTestId(testId).getAttribute('data-warn');

describe('the platform panel', () => {
  it("shows an HTTP platform's URL, its last successful call as a relative time, the feed's lag and the counts", () => {
    render(<PlatformHealthPanel health={healthy} now={NOW} />);
    expect(screen.getByTestId('platform-health').getAttribute('data-alert')).toBe('false');
    expect(text('platform-health-state')).toBe('platformHealth.ok');
    expect(text('platform-health-url')).toBe('https://platform.example/api/');
    expect(text('platform-health-last-success')).toBe('12 seconds ago');
    expect(screen.getByTestId('platform-health-last-success').querySelector('time')?.getAttribute('datetime')).toBe(healthy.lastSuccessAt);
    expect(text('platform-health-feed-lag')).toBe('platformHealth.lag {"seconds":"2","items":"0"}');
    expect(text('platform-health-pending')).toBe('0');
    expect(text('platform-health-refusals')).toBe('0');
    expect(text('platform-health-unsent-pushes')).toBe('0');
    expect(text('platform-health-failed-calls')).toBe('0');
    expect(screen.queryByTestId('platform-health-last-failure')).toBeNull();
    for (const fact of ['feed-lag', 'pending', 'refusals', 'unsent-pushes', 'failed-calls'])
      expect(warned(`platform-health-${fact}`)).toBe('false');
  });

  it('counts the calls without an answer with the last cause, marked from the third in a row', () => {
    const failing = { ...healthy, failedCalls: 2, lastFailure: { at: '2026-03-01T11:59:40Z', cause: 'timeout after 10000 ms' } };
    const { rerender } = render(<PlatformHealthPanel health={failing} now={NOW} />);
    expect(text('platform-health-failed-calls')).toBe(
      '2platformHealth.lastFailure {"cause":"timeout after 10000 ms","ago":"20 seconds ago"}',
    );
    expect(screen.getByTestId('platform-health-last-failure').querySelector('time')?.getAttribute('datetime')).toBe('2026-03-01T11:59:40Z');
    expect(warned('platform-health-failed-calls')).toBe('false');
    rerender(<PlatformHealthPanel health={{ ...failing, failedCalls: 3, alert: true }} now={NOW} />);
    expect(text('platform-health-failed-calls')).toMatch(/^3platformHealth\.lastFailure/);
    expect(warned('platform-health-failed-calls')).toBe('true');
  });

  it("marks what raised the alert: a lag over a minute, a transfer pending over the site's ten minutes, refusals", () => {
    render(
      <PlatformHealthPanel
        health={{
          ...healthy,
          lastSuccessAt: '2026-03-01T11:55:00Z',
          feed: { lagSeconds: 61, lagItems: 5000 },
          pendingTransfers: 2,
          oldestPendingSeconds: 601,
          signatureRefusals: 3,
          unsentPushes: 7,
          alert: true,
        }}
        now={NOW}
      />,
    );
    expect(screen.getByTestId('platform-health').getAttribute('data-alert')).toBe('true');
    expect(text('platform-health-state')).toBe('platformHealth.alert');
    expect(text('platform-health-last-success')).toBe('5 minutes ago');
    expect(text('platform-health-feed-lag')).toBe('platformHealth.lag {"seconds":"61","items":"5,000"}');
    expect(text('platform-health-pending')).toBe('2');
    expect(text('platform-health-refusals')).toBe('3');
    expect(text('platform-health-unsent-pushes')).toBe('7');
    for (const fact of ['feed-lag', 'pending', 'refusals', 'unsent-pushes']) expect(warned(`platform-health-${fact}`)).toBe('true');
  });

  it('shows the embedded platform without URL, call or feed, and a pending transfer of a minute as no alert yet', () => {
    render(
      <PlatformHealthPanel
        health={{ ...healthy, kind: 'embedded', url: null, lastSuccessAt: null, feed: null, pendingTransfers: 1, oldestPendingSeconds: 61 }}
        now={NOW}
      />,
    );
    expect(text('platform-health-url')).toBe('platformHealth.embedded');
    expect(text('platform-health-last-success')).toBe('platformHealth.never');
    expect(text('platform-health-feed-lag')).toBe('platformHealth.notApplicable');
    expect(text('platform-health-pending')).toBe('1');
    expect(warned('platform-health-pending')).toBe('false');
  });

  it("marks a pending transfer by the site's own alert setting, not a fixed one", () => {
    const { rerender } = render(<PlatformHealthPanel health={{ ...healthy, pendingTransfers: 1, oldestPendingSeconds: 121 }} now={NOW} />);
    expect(warned('platform-health-pending')).toBe('false');
    rerender(
      <PlatformHealthPanel health={{ ...healthy, pendingTransfers: 1, oldestPendingSeconds: 121, pendingAlertSeconds: 120 }} now={NOW} />,
    );
    expect(warned('platform-health-pending')).toBe('true');
  });

  it('says a platform paused after a restore is paused, with the alert', () => {
    render(<PlatformHealthPanel health={{ ...healthy, pausedAt: '2026-03-01T11:00:00Z', alert: true }} now={NOW} />);
    expect(screen.getByTestId('platform-health').getAttribute('data-alert')).toBe('true');
    expect(text('platform-health-state')).toBe('platformHealth.paused');
    expect(screen.getByTestId('platform-health-state').getAttribute('data-paused')).toBe('true');
  });

  it('says how long ago in the largest whole unit', () => {
    expect(timeAgo(0, 'en')).toBe('now');
    expect(timeAgo(59, 'en')).toBe('59 seconds ago');
    expect(timeAgo(7200, 'en')).toBe('2 hours ago');
    expect(timeAgo(3 * 86_400 + 5, 'en')).toBe('3 days ago');
  });

  it('has its texts and the red dot label in all five languages', () => {
    const keys = Object.keys(en.platformHealth).sort();
    for (const locale of [zh, en, th, vi_, id]) {
      expect(Object.keys(locale.platformHealth).sort()).toEqual(keys);
      expect(Object.values(locale.platformHealth).every((value) => value.length > 0)).toBe(true);
      expect(locale.layout.platformAlert.length).toBeGreaterThan(0);
    }
  });
});
