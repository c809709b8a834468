import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatAmount, formatDateMinute, formatDateTime, formatDay, formatMonthDay, formatNumber, formatPercent } from '@/lib/format';
import { DataTable, useDataTable } from './data-table';
import { amountColumn, columnTrack, countColumn, percentColumn, textColumn, timeColumn } from './data-table-columns';
import { exportedTable } from './data-table-export';

interface Row {
  id: string;
  name: string;
  balance: string;
  lastLoginAt: string | null;
  bets: number;
  rate: number;
}

const rows: Row[] = [
  { id: '1', name: 'ma01', balance: '1234567.80', lastLoginAt: '2026-03-01T16:30:00.000Z', bets: 1330, rate: -0.82 },
  { id: '2', name: 'ma02', balance: '-5.00', lastLoginAt: null, bets: 0, rate: 12.5 },
];

function Table({ onModel }: { onModel(model: ReturnType<typeof useDataTable<Row>>): void }) {
  const format = {
    currency: 'CNY',
    amount: (value: string) => formatAmount(value, 'en'),
    number: (value: number | bigint) => formatNumber(value, 'en'),
    percent: (value: number) => formatPercent(value, 'en'),
    dateTime: (instant: string | number | Date) => formatDateTime(instant, 'en'),
    dateMinute: (instant: string | number | Date) => formatDateMinute(instant, 'en'),
    day: (day: string) => formatDay(day, 'en'),
    monthDay: (day: string) => formatMonthDay(day, 'en'),
  };
  const columns = [
    textColumn<Row>('name', 'Name', (row) => row.name),
    amountColumn<Row>('balance', 'Balance', (row) => row.balance, format, { sortable: true }),
    timeColumn<Row>('lastLoginAt', 'Last sign-in', (row) => row.lastLoginAt, format),
    countColumn<Row>('bets', 'Bets', (row) => row.bets, format),
    percentColumn<Row>('rate', 'Rate', (row) => row.rate, format),
  ];
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.id });
  onModel(model);
  return <DataTable model={model} label="accounts" empty="none" />;
}

beforeAll(() => {
  // jsdom lays nothing out: give the scroll box and rows a size so the virtualizer renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
});
afterEach(cleanup);

describe('column builders', () => {
  it('show amounts and times as the language writes them, and export numbers and times as dates (written in Beijing time)', () => {
    let model: ReturnType<typeof useDataTable<Row>> | undefined;
    render(<Table onModel={(next) => (model = next)} />);
    const first = document.querySelector('[data-row-id="1"]')!;
    expect(first.querySelector('[data-column=balance]')?.textContent).toBe('1,234,567.80');
    expect(first.querySelector('[data-column=lastLoginAt]')?.textContent).not.toBe('—');
    expect(first.querySelector('[data-column=bets]')?.textContent).toBe('1,330');
    // The currency once, in the amount column's title, not in its cells.
    expect(document.querySelector('[role=columnheader][data-column=balance]')?.textContent).toBe('Balance (CNY)');
    expect(first.querySelector('[data-column=rate]')?.textContent).toBe('-0.82%');
    const second = document.querySelector('[data-row-id="2"]')!;
    expect(second.querySelector('[data-column=lastLoginAt]')?.textContent).toBe('—');
    // The sortable column's header is a sort button; the others are plain text.
    const headers = [...document.querySelectorAll('[role=columnheader]')];
    expect(headers.map((header) => header.querySelector('button') !== null)).toEqual([false, true, false, false, false]);

    expect(exportedTable(model!.table.getAllLeafColumns(), rows)).toEqual({
      header: ['Name', 'Balance (CNY)', 'Last sign-in', 'Bets', 'Rate'],
      rows: [
        [
          'ma01',
          { number: '1234567.80' },
          { time: '2026-03-01T16:30:00.000Z' },
          { number: '1330', kind: 'count' },
          { number: '-0.82', kind: 'percent' },
        ],
        ['ma02', { number: '-5.00' }, '', { number: '0', kind: 'count' }, { number: '12.50', kind: 'percent' }],
      ],
    });
  });
});

describe('column widths', () => {
  it('are never narrower than the longest word of the title (with the sort icon) nor the longest text the cells may show', () => {
    expect(columnTrack('minmax(6rem,1fr)', 'Agent share')).toBe('minmax(max(6rem,5ch),1fr)');
    expect(columnTrack('7rem', 'Agent to company (CNY)', { sortable: true })).toBe('max(7rem,9ch)');
    expect(columnTrack('7rem', 'Level', { fits: ['Company', 'Major shareholder', 'Member'] })).toBe('max(7rem,17ch)');
    // Thai writes no spaces between words: the title still wraps between them.
    expect(columnTrack('6rem', 'เปิดการเดิมพันอีกครั้ง')).toBe('max(6rem,5ch)');
    expect(columnTrack('1fr', 'Note')).toBe('1fr');
  });

  it('give a column built with `fits` that least width in the table', () => {
    function Levels() {
      const columns = [
        textColumn<Row>('level', 'Level', () => 'Major shareholder', { width: '6rem', fits: ['Major shareholder', 'Agent'] }),
      ];
      const model = useDataTable({ columns, data: rows, getRowId: (row) => row.id });
      return <DataTable model={model} label="levels" empty="none" />;
    }
    render(<Levels />);
    const row = document.querySelector<HTMLElement>('[data-row-id="1"]')!;
    expect(row.style.gridTemplateColumns).toBe('max(6rem,17ch)');
  });
});
