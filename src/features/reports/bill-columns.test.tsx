import { cleanup, render } from '@testing-library/react';
import type { RowData } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillRow } from '@contract/report.contract';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { formatAmount, formatDateTime, formatNumber, formatPercent } from '@/lib/format';
import { billColumns, closedPeriodColumns, type ClosedPeriod } from './bill-columns';
import { resultTone } from './win-loss-report-columns';

const t = ((key: string) => key) as unknown as TFunction;
const format = {
  amount: (value: string) => formatAmount(value, 'en'),
  number: (value: number | bigint) => formatNumber(value, 'en'),
  percent: (value: number) => formatPercent(value, 'en'),
  dateTime: (instant: string | number | Date) => formatDateTime(instant, 'en'),
} as Parameters<typeof billColumns>[1];

const numbers = { bets: 12345, validAmount: '900.00', valueWonLose: '-1234.50', agentToCompany: '88.00', firstDay: null, lastDay: null };
const row: BillRow = {
  userId: '7',
  loginId: 'ag01',
  level: 4,
  open: { periodStart: '2026-11-01T00:00:00.000Z', closedToday: false, ...numbers },
  closed: [],
};

function shown<T extends RowData>(columns: DataTableColumn<T>[], id: string, original: T) {
  const column = columns.find((each) => each.id === id)!;
  const cell = column.cell as (props: { row: { original: T } }) => ReactElement | string;
  const { container } = render(<>{cell({ row: { original } })}</>);
  return { text: container.textContent, html: container.innerHTML, export: column.meta!.export };
}

afterEach(cleanup);

describe('the bill', () => {
  it('writes counts as the other reports do, and colours a result the same way (a loss red)', () => {
    const open = billColumns(t, format, false, {} as Parameters<typeof billColumns>[3], () => undefined);
    expect(shown(open, 'bets', row).text).toBe('12,345');
    expect(shown(open, 'bets', row).export).toMatchObject({ header: 'bill.column.bets' });
    expect((shown(open, 'bets', row).export as { cell(r: BillRow): unknown }).cell(row)).toEqual({ number: '12345', kind: 'count' });
    const result = shown(open, 'valueWonLose', row);
    expect(result.text).toBe('-1,234.50');
    expect(result.html).toContain(resultTone('-1234.50').split(' ')[0]);
    const period: ClosedPeriod = {
      settlementId: '1',
      periodStart: '2026-10-01T00:00:00.000Z',
      periodEnd: '2026-11-01T00:00:00.000Z',
      ...numbers,
      loginId: 'ag01',
    };
    const closed = closedPeriodColumns(t, format);
    expect(shown(closed, 'bets', period).text).toBe('12,345');
    expect(shown(closed, 'valueWonLose', period).html).toContain(resultTone('-1234.50').split(' ')[0]);
  });
});
