import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startChineseI18n, stubLayout } from '../../../tests/support/jsdom-test-support';
import { DataTable, useDataTable } from './data-table';
import { DataTableToolbar } from './data-table-toolbar';
import type { DataTableColumn } from './data-table-types';

type Bet = { id: string; order: string; game: string; note: string };
const bets: Bet[] = [{ id: '1', order: '880001', game: 'baccarat', note: 'a very long comment that a narrow column cuts short' }];
const column = (id: keyof Bet, title: string): DataTableColumn<Bet> => ({
  id,
  header: title,
  cell: ({ row }) => row.original[id],
  meta: { export: { header: title, cell: (row) => row[id] } },
});
const columns = [column('order', 'Order'), column('game', 'Game'), column('note', 'Note')];

function Bets({ tableId }: { tableId?: string }) {
  const model = useDataTable({ columns, data: bets, getRowId: (row) => row.id, tableId });
  return (
    <>
      <DataTableToolbar model={model} />
      <DataTable model={model} label="bets" empty="none" />
    </>
  );
}

const headers = () => [...document.querySelectorAll('[role=columnheader]')].map((header) => header.getAttribute('data-column'));
const cellsOf = () => [...document.querySelectorAll('[data-row-id="1"] [role=cell]')];

/** Radix opens its menu on pointer down (jsdom has no real pointer events). */
function openChooser() {
  const trigger = screen.getByTestId('table-columns');
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
  return waitFor(() => screen.getByTestId('table-columns-menu'));
}

beforeAll(async () => {
  stubLayout();
  await startChineseI18n();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
});
beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the column chooser of a wide table', () => {
  it('hides a column, and the table shows it hidden again when it comes back (remembered by table id)', async () => {
    const first = render(<Bets tableId="bets" />);
    expect(headers()).toEqual(['order', 'game', 'note']);
    await openChooser();
    const game = screen.getAllByTestId('table-column-option').find((option) => option.getAttribute('data-column') === 'game')!;
    fireEvent.click(game);
    await waitFor(() => expect(headers()).toEqual(['order', 'note']));
    expect(cellsOf().map((cell) => cell.getAttribute('data-column'))).toEqual(['order', 'note']);
    first.unmount();

    render(<Bets tableId="bets" />);
    expect(headers()).toEqual(['order', 'note']);
    cleanup();
    // Another table keeps its own columns.
    render(<Bets tableId="reports" />);
    expect(headers()).toEqual(['order', 'game', 'note']);
  });

  it('is offered only for a table with an id', () => {
    render(<Bets />);
    expect(screen.queryByTestId('table-columns')).toBeNull();
  });

  it('keeps the first column in view and gives every cut cell its whole text as title', () => {
    render(<Bets tableId="bets" />);
    const [order, game, note] = cellsOf();
    expect(order!.getAttribute('data-sticky')).toBe('true');
    expect(order!.className).toContain('sticky');
    expect(game!.className).not.toContain('sticky');
    expect(document.querySelector('[role=columnheader][data-column=order]')!.className).toContain('sticky');
    expect(note!.getAttribute('title')).toBe(bets[0]!.note);
  });
});
