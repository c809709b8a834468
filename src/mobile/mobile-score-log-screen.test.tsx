import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startChineseI18n } from '../../tests/support/jsdom-test-support';
import type { ColumnExport } from '@/components/data-table/data-table-types';
import type { ScoreLogRow } from '@/features/points/point-record-columns';
import { pointRecordColumns } from '@/features/points/point-record-columns';
import { formatAmount, formatDateMinute, formatDateTime, formatDay, formatMonthDay, formatNumber, formatPercent } from '@/lib/format';
import { LogCard } from './mobile-score-log-screen';

beforeAll(async () => {
  await startChineseI18n();
});
afterEach(cleanup);

/** admin scored ma01 down by 100: the target (ma01) gave, admin received. */
const down: ScoreLogRow = {
  serialNo: '7',
  fromUserId: '11',
  fromLoginId: 'ma01',
  toUserId: '1',
  toLoginId: 'admin',
  type: 'down',
  amount: '100.00',
  before: '300.00',
  after: '200.00',
  operatorBefore: '5000.00',
  operatorAfter: '5100.00',
  fromBefore: '300.00',
  fromAfter: '200.00',
  toBefore: '5000.00',
  toAfter: '5100.00',
  operator: 'admin',
  operatorSubAccountId: null,
  mainUserId: '1',
  operatorIp: '10.0.0.1',
  time: '2026-11-24T02:00:00.000Z',
  comment: '',
  state: 'done',
  reversalOf: null,
  transferId: null,
};
const issue: ScoreLogRow = {
  ...down,
  type: 'issue',
  fromUserId: null,
  fromLoginId: null,
  operatorBefore: null,
  operatorAfter: null,
  fromBefore: null,
  fromAfter: null,
};

const t = (key: string) => i18next.t(key);
const amount = (value: string) => formatAmount(value, 'zh');
/** What useFormat gives in Chinese. */
const zhFormat = {
  currency: '',
  amount,
  number: (value: number | bigint) => formatNumber(value, 'zh'),
  percent: (value: number) => formatPercent(value, 'zh'),
  dateTime: (instant: string | number | Date) => formatDateTime(instant, 'zh'),
  dateMinute: (instant: string | number | Date) => formatDateMinute(instant, 'zh'),
  day: (day: string) => formatDay(day, 'zh'),
  monthDay: (day: string) => formatMonthDay(day, 'zh'),
};

describe("the score log shows each account's own balances under its own name", () => {
  it('on a phone card: the recipient before -> after is the recipient’s, the score account’s its own, none for an issue', () => {
    render(<LogCard row={down} />);
    expect(screen.getByTestId('mobile-log-to-balance').textContent).toBe(
      `${t('log.toBalance')}: ${amount('5000.00')} → ${amount('5100.00')}`,
    );
    expect(screen.getByTestId('mobile-log-from-balance').textContent).toBe(
      `${t('log.fromBalance')}: ${amount('300.00')} → ${amount('200.00')}`,
    );
    cleanup();
    render(<LogCard row={issue} />);
    expect(screen.getByTestId('mobile-log-to-balance').textContent).toContain(amount('5100.00'));
    expect(screen.queryByTestId('mobile-log-from-balance')).toBeNull();
  });

  it('in the desktop columns and their export', () => {
    const columns = pointRecordColumns(i18next.t, zhFormat);
    // Exported as two numbers each (before, after), as the gateway's export job writes them.
    const exported = (id: string, row: ScoreLogRow) => {
      const how = columns.find((each) => each.id === id)!.meta!.export;
      return (Array.isArray(how) ? how : []).map((each: ColumnExport<ScoreLogRow>) => [each.header, each.cell(row)]);
    };
    expect(exported('toBalance', down)).toEqual([
      [t('export.column.toBefore'), { number: '5000.00' }],
      [t('export.column.toAfter'), { number: '5100.00' }],
    ]);
    expect(exported('fromBalance', down)).toEqual([
      [t('export.column.fromBefore'), { number: '300.00' }],
      [t('export.column.fromAfter'), { number: '200.00' }],
    ]);
    expect(exported('fromBalance', issue).map(([, cell]) => cell)).toEqual(['', '']);
  });
});

describe("the phone's score log signs an amount as the desktop's deal record signs the member's change", () => {
  // ma01 took 12.34 back from the game platform (out), after moving 12.34 into it (in).
  const out: ScoreLogRow = {
    ...down,
    type: 'out',
    fromUserId: '90',
    fromLoginId: 'wallet',
    toUserId: '11',
    toLoginId: 'ma01',
    amount: '12.34',
    before: '200.00',
    after: '212.34',
    toBefore: '200.00',
    toAfter: '212.34',
  };
  const into: ScoreLogRow = { ...out, type: 'in', fromLoginId: 'ma01', toLoginId: 'wallet', before: '212.34', after: '200.00' };

  it('a transfer out brings points back to the member: +, a transfer in takes them: −', () => {
    render(<LogCard row={out} />);
    expect(screen.getByTestId('mobile-log-amount').textContent).toBe(`+${amount('12.34')}`);
    cleanup();
    render(<LogCard row={into} />);
    expect(screen.getByTestId('mobile-log-amount').textContent).toBe(`−${amount('12.34')}`);
    cleanup();
    render(<LogCard row={down} />);
    expect(screen.getByTestId('mobile-log-amount').textContent).toBe(`−${amount('100.00')}`);
  });

  it('and the desktop colours as taken what the member loses: a score down and a transfer in, not a transfer out', () => {
    const cell = pointRecordColumns(i18next.t, zhFormat).find((each) => each.id === 'amount')!.cell as (context: {
      row: { original: ScoreLogRow };
    }) => ReactElement;
    const taken = (row: ScoreLogRow) => {
      const { container } = render(cell({ row: { original: row } }));
      const shown = container.querySelector('span')!.classList.contains('text-destructive');
      cleanup();
      return shown;
    };
    expect({ down: taken(down), in: taken(into), out: taken(out) }).toEqual({ down: true, in: true, out: false });
  });
});
