import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startChineseI18n, stubLayout } from '../../../tests/support/jsdom-test-support';
import { useDataTable } from './data-table';
import { DataTableToolbar, type TableExport } from './data-table-toolbar';
import type { DataTableColumn } from './data-table-types';

type Row = { id: string; name: string };
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name, meta: { export: { header: 'Name', cell: (row) => row.name } } },
];

function Toolbar({ rows, exportAs }: { rows: Row[]; exportAs: TableExport }) {
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.id });
  return <DataTableToolbar model={model} exportAs={exportAs} />;
}

const buttons = () => [screen.getByTestId('list-export-csv'), screen.getByTestId('list-export-xlsx')];
const reason = () => screen.queryByTestId('export-disabled-reason')?.textContent ?? null;

describe('the export buttons', () => {
  beforeAll(async () => {
    stubLayout();
    await startChineseI18n();
  });
  afterEach(cleanup);

  it('say nothing while they work', () => {
    render(<Toolbar rows={[{ id: '1', name: 'ma01' }]} exportAs={{ sheet: 'x', testId: 'list-export' }} />);
    expect(buttons().every((button) => !button.hasAttribute('disabled') && !button.hasAttribute('aria-describedby'))).toBe(true);
    expect(reason()).toBeNull();
  });

  it('say why they are disabled: an empty list, a reason the screen gives, or a list not ready yet', () => {
    const { rerender } = render(<Toolbar rows={[]} exportAs={{ sheet: 'x', disabled: true, testId: 'list-export' }} />);
    expect(reason()).toBe('没有可导出的内容：列表为空');
    for (const button of buttons()) {
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(i18next.t('table.exportEmpty'));
    }
    expect(screen.getByRole('group').getAttribute('title')).toBe(i18next.t('table.exportEmpty'));
    const rows = [{ id: '1', name: 'ma01' }];
    rerender(
      <Toolbar
        rows={rows}
        exportAs={{ sheet: 'x', disabled: true, disabledReason: i18next.t('table.exportRunning'), testId: 'list-export' }}
      />,
    );
    expect(reason()).toBe(i18next.t('table.exportRunning'));
    rerender(<Toolbar rows={rows} exportAs={{ sheet: 'x', disabled: true, testId: 'list-export' }} />);
    expect(reason()).toBe(i18next.t('table.exportNotReady'));
  });
});
