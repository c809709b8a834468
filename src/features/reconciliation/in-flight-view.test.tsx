import { cleanup, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InFlight } from '@contract/reconciliation.contract';
import { ageText, InFlightView } from './in-flight-view';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    i18n: { language: 'en' },
  }),
}));
let answer: InFlight | undefined;
vi.mock('@/api/queries', () => ({ useCall: () => ({ data: answer, isFetching: false, refetch: vi.fn() }) }));

afterEach(cleanup);

const t = ((key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`) as unknown as TFunction;
const none = { count: 0, amount: '0.00' };
const direction = (buckets: [number, string][]): InFlight['in'] => ({
  count: buckets.reduce((sum, [count]) => sum + count, 0),
  amount: 'sum',
  buckets: (['under1m', '1to10m', '10to60m', 'over1h'] as const).map((bucket, index) => ({
    bucket,
    count: buckets[index]![0],
    amount: buckets[index]![1],
  })),
});
const settled: InFlight = {
  siteId: 'demo',
  alertMinutes: 10,
  oldestSeconds: null,
  in: {
    ...none,
    buckets: direction([
      [0, '0.00'],
      [0, '0.00'],
      [0, '0.00'],
      [0, '0.00'],
    ]).buckets,
  },
  out: {
    ...none,
    buckets: direction([
      [0, '0.00'],
      [0, '0.00'],
      [0, '0.00'],
      [0, '0.00'],
    ]).buckets,
  },
  overdueCount: 0,
  overdue: [],
};

describe('the in-flight tab', () => {
  it('says everything is settled when nothing is in flight, with no table', () => {
    answer = settled;
    render(<InFlightView heading="Reconciliation" tabs={null} />);
    expect(screen.getByTestId('in-flight-settled').textContent).toBe('reconciliation.inFlight.settled');
    expect(screen.queryByTestId('in-flight-buckets')).toBeNull();
  });

  it('shows each direction by age with its counts and sums, the oldest age, and the overdue ones', () => {
    answer = {
      ...settled,
      oldestSeconds: 7260,
      in: direction([
        [1, '100.00'],
        [0, '0.00'],
        [2, '300.00'],
        [1, '50.00'],
      ]),
      out: direction([
        [0, '0.00'],
        [1, '25.00'],
        [0, '0.00'],
        [0, '0.00'],
      ]),
      overdueCount: 1,
      overdue: [
        {
          transferId: 'T-1',
          direction: 'in',
          memberId: '42',
          memberLogin: 'mb01',
          amount: '50.00',
          since: '2027-01-01T00:00:00.000Z',
          ageSeconds: 7260,
        },
      ],
    };
    render(<InFlightView heading="Reconciliation" tabs={null} />);
    expect(screen.queryByTestId('in-flight-settled')).toBeNull();
    const oldest = `reconciliation.inFlight.oldest ${JSON.stringify({ age: 'reconciliation.inFlight.age.hours {"hours":2,"minutes":1}' })}`;
    expect(screen.getByTestId('in-flight-oldest').textContent).toBe(oldest);
    const cell = (dir: string, bucket: string) =>
      document.querySelector(`[data-testid="in-flight-direction"][data-direction="${dir}"] [data-bucket="${bucket}"]`)!;
    expect(cell('in', '10to60m').getAttribute('data-count')).toBe('2');
    expect(cell('in', '10to60m').getAttribute('data-amount')).toBe('300.00');
    expect(cell('in', 'all').getAttribute('data-count')).toBe('4');
    expect(cell('out', '1to10m').getAttribute('data-count')).toBe('1');
    const rows = screen.getAllByTestId('in-flight-overdue-row');
    expect(rows.map((row) => row.getAttribute('data-transfer'))).toEqual(['T-1']);
    expect(rows[0]!.textContent).toContain('mb01');
  });

  it('says an age in seconds under a minute, in minutes under an hour, then in hours and minutes', () => {
    expect(ageText(t, 59)).toBe('reconciliation.inFlight.age.seconds {"count":59}');
    expect(ageText(t, 60)).toBe('reconciliation.inFlight.age.minutes {"count":1}');
    expect(ageText(t, 3599)).toBe('reconciliation.inFlight.age.minutes {"count":59}');
    expect(ageText(t, 3600)).toBe('reconciliation.inFlight.age.hours {"hours":1,"minutes":0}');
  });
});
