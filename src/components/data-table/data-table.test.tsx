import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTable, useDataTable, type DataTableModel } from './data-table';
import { DataTableColumnHeader } from './data-table-column-header';
import { exportedTable } from './data-table-export';
import type { DataTableColumn } from './data-table-types';

type Account = { id: string; name: string; balance: string; mine: boolean };

const accounts: Account[] = [
  { id: 'a', name: 'ma01', balance: '1000.50', mine: true },
  { id: 'b', name: 'ma02', balance: '20.00', mine: false },
  { id: 'c', name: 'ma03', balance: '3.10', mine: true },
];

const columns: DataTableColumn<Account>[] = [
  {
    id: 'name',
    accessorFn: (row) => row.name,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Name" />,
    cell: ({ row }) => row.original.name,
    meta: { export: { header: 'Name', cell: (row) => row.name } },
  },
  {
    id: 'balance',
    accessorFn: (row) => row.balance,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Balance" />,
    cell: ({ row }) => row.original.balance,
    meta: { export: { header: 'Balance', cell: (row) => ({ number: row.balance }) } },
  },
  { id: 'actions', header: 'Actions', cell: () => '…', meta: { export: false } },
];

beforeAll(() => {
  // jsdom lays nothing out: give the scroll box and rows a size so the virtualizer renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
});
afterEach(cleanup);

/** A screen over the kit: the server sorts (here: sorting the array), the URL would hold `sorting`. */
function Harness({ onOpen, expose }: { onOpen?(row: Account): void; expose?(model: DataTableModel<Account>): void }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const sorted = [...accounts];
  const by = sorting[0];
  if (by) {
    const key = by.id as 'name' | 'balance';
    const value = (row: Account) => (key === 'balance' ? Number(row.balance) : row.name);
    sorted.sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0) * (by.desc ? -1 : 1));
  }
  const model = useDataTable({
    columns,
    data: sorted,
    getRowId: (row) => row.id,
    sorting,
    onSortingChange: setSorting,
    canSelect: (row) => row.mine,
  });
  expose?.(model);
  return <DataTable model={model} label="Accounts" empty="None" onOpen={onOpen} testId="rows" rowTestId="row" />;
}

const order = () => screen.getAllByTestId('row').map((row) => row.getAttribute('data-row-id'));
const header = (column: string) => document.querySelector(`[role=columnheader][data-column=${column}]`)!;

describe('DataTable', () => {
  it('sorts by a header: aria-sort and the row order follow, largest first then the other way', async () => {
    render(<Harness />);
    await screen.findAllByTestId('row');
    expect(header('balance').getAttribute('aria-sort')).toBe('none');
    expect(header('actions').getAttribute('aria-sort')).toBeNull();
    fireEvent.click(header('balance').querySelector('button')!);
    expect(header('balance').getAttribute('aria-sort')).toBe('descending');
    expect(order()).toEqual(['a', 'b', 'c']);
    fireEvent.click(header('balance').querySelector('button')!);
    expect(header('balance').getAttribute('aria-sort')).toBe('ascending');
    expect(order()).toEqual(['c', 'b', 'a']);
    fireEvent.click(header('name').querySelector('button')!);
    expect(header('name').getAttribute('aria-sort')).toBe('descending');
    expect(header('balance').getAttribute('aria-sort')).toBe('none');
    expect(order()).toEqual(['c', 'b', 'a']);
  });

  it('checks only rows that may be checked, one by one or all at once', async () => {
    let model: DataTableModel<Account> | undefined;
    render(<Harness expose={(value) => (model = value)} />);
    await screen.findAllByTestId('row');
    const boxes = screen.getAllByTestId<HTMLInputElement>('row-check');
    expect(boxes.map((box) => box.disabled)).toEqual([false, true, false]);
    fireEvent.click(boxes[0]!);
    expect(model!.selectedRows.map((row) => row.id)).toEqual(['a']);
    fireEvent.click(screen.getByTestId('check-all'));
    expect(model!.selectedRows.map((row) => row.id)).toEqual(['a', 'c']);
    fireEvent.click(screen.getByTestId('check-all'));
    expect(model!.selectedRows).toEqual([]);
  });

  it('moves the active row with the arrow keys, checks it with Space and opens it with Enter', async () => {
    const onOpen = vi.fn();
    let model: DataTableModel<Account> | undefined;
    render(<Harness onOpen={onOpen} expose={(value) => (model = value)} />);
    await screen.findAllByTestId('row');
    const table = screen.getByTestId('rows');
    const active = () => document.querySelector('[data-active]')?.getAttribute('data-row-id');
    expect(active()).toBe('a');
    act(() => void fireEvent.keyDown(table, { key: 'ArrowDown' }));
    act(() => void fireEvent.keyDown(table, { key: 'ArrowDown' }));
    expect(active()).toBe('c');
    act(() => void fireEvent.keyDown(table, { key: 'ArrowDown' }));
    expect(active()).toBe('c');
    fireEvent.keyDown(table, { key: ' ' });
    expect(model!.selectedRows.map((row) => row.id)).toEqual(['c']);
    fireEvent.keyDown(table, { key: 'ArrowUp' });
    // The row that may not be checked stays unchecked.
    fireEvent.keyDown(table, { key: ' ' });
    expect(model!.selectedRows.map((row) => row.id)).toEqual(['c']);
    fireEvent.keyDown(table, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(accounts[1]);
    expect(document.querySelector('[data-row-id=b]')!.getAttribute('aria-selected')).toBe('true');
    // On the active row's own colours, which keep amounts readable (tests/unit/theme-contrast.test.ts).
    expect(document.querySelector('[data-row-id=b]')!.classList).toContain('bg-row-active');
    expect(document.querySelector('[data-row-id=b] [data-sticky]')!.classList).toContain('bg-row-active');
  });

  it("shows the whole text of the active row's cut cells under the table while it has keyboard focus", async () => {
    render(<Harness />);
    await screen.findAllByTestId('row');
    const table = screen.getByTestId('rows');
    // Only the names are cut short (laid out wider than their cell).
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.column === 'name' ? 1200 : 0;
    });
    expect(screen.queryByTestId('table-cut-texts')).toBeNull();
    act(() => table.focus());
    expect(screen.getByTestId('table-cut-texts').textContent).toBe('Name: ma01');
    act(() => void fireEvent.keyDown(table, { key: 'ArrowDown' }));
    expect(screen.getByTestId('table-cut-texts').textContent).toBe('Name: ma02');
    act(() => table.blur());
    expect(screen.queryByTestId('table-cut-texts')).toBeNull();
    scrollWidth.mockRestore();
  });

  it('exports what the columns say: headers, text cells and amounts as numbers, skipping columns that do not export', () => {
    let model: DataTableModel<Account> | undefined;
    render(<Harness expose={(value) => (model = value)} />);
    const table = exportedTable(
      model!.table.getAllLeafColumns(),
      model!.rows.map((row) => row.original),
    );
    expect(table).toEqual({
      header: ['Name', 'Balance'],
      rows: [
        ['ma01', { number: '1000.50' }],
        ['ma02', { number: '20.00' }],
        ['ma03', { number: '3.10' }],
      ],
    });
  });

  it('shows the empty text without rows and a totals row under the header', () => {
    function Empty() {
      const model = useDataTable({ columns, data: [] as Account[], getRowId: (row) => row.id });
      return <DataTable model={model} label="Accounts" empty="Nothing here" totals={{ balance: '1023.60' }} />;
    }
    render(<Empty />);
    expect(screen.getByTestId('table-empty').textContent).toBe('Nothing here');
    expect(screen.getByTestId('table-totals').querySelector('[data-column=balance]')!.textContent).toBe('1023.60');
  });
});
