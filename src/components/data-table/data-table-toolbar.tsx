import type { RowData } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useListExport } from '@/lib/list-export';
import { saveTable } from '@/lib/table-export';
import type { DataTableModel } from './data-table';
import { DataTableColumnChooser } from './data-table-column-chooser';
import { exportedTable, type ExportFormat } from './data-table-export';

export interface TableExport {
  /** The table's title in the interface language: the sheet's and the file's name (before the time stamp). */
  sheet: string;
  disabled?: boolean;
  /** Why it is disabled when the list is not empty (an export running, filters not applied yet): said on the buttons. */
  disabledReason?: string;
  /** Replaces the export of the loaded rows (a screen exporting more than it has loaded). */
  onExport?(format: ExportFormat): Promise<void> | void;
  testId?: string;
}

/** Exports the loaded rows through the columns' export meta. */
export async function exportLoadedRows<T extends RowData>(model: DataTableModel<T>, how: TableExport, format: ExportFormat): Promise<void> {
  const table = exportedTable(
    model.table.getAllLeafColumns(),
    model.rows.map((row) => row.original),
  );
  await saveTable(table, how.sheet, format);
}

/** Above a table: the filters, the checked rows' count with their bulk actions, a status text, and export. */
export function DataTableToolbar<T extends RowData>({
  model,
  filters,
  bulk,
  status,
  exportAs,
}: {
  model: DataTableModel<T>;
  filters?: ReactNode;
  bulk?: ReactNode;
  status?: ReactNode;
  exportAs?: TableExport;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const checked = model.selectedRows.length;

  async function run(format: ExportFormat) {
    if (!exportAs || busy) return;
    setBusy(true);
    try {
      await (exportAs.onExport ? exportAs.onExport(format) : exportLoadedRows(model, exportAs, format));
    } finally {
      setBusy(false);
    }
  }
  // The palette's "Export this list…" runs the same export.
  useListExport(exportAs ? { disabled: Boolean(exportAs.disabled) || busy, run } : null);
  // A disabled button says why, on hover and to a screen reader.
  const whyDisabled = !exportAs
    ? null
    : busy
      ? t('table.exportRunning')
      : !exportAs.disabled
        ? null
        : model.rows.length === 0
          ? t('table.exportEmpty')
          : (exportAs.disabledReason ?? t('table.exportNotReady'));
  const reasonId = useId();

  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="table-toolbar">
      {filters ? (
        <div className="flex flex-wrap items-end gap-2" role="search">
          {filters}
        </div>
      ) : null}
      {checked > 0 && bulk ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="table-selection" data-count={checked}>
          {bulk}
        </div>
      ) : null}
      <div className="ml-auto flex items-center gap-2">
        {status}
        {model.tableId ? <DataTableColumnChooser model={model} /> : null}
        {exportAs ? (
          <div role="group" aria-label={t('table.export')} className="flex gap-1" title={whyDisabled ?? undefined}>
            {whyDisabled ? (
              <span id={reasonId} className="sr-only" data-testid="export-disabled-reason">
                {whyDisabled}
              </span>
            ) : null}
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                type="button"
                size="sm"
                variant="outline"
                disabled={exportAs.disabled || busy}
                aria-describedby={whyDisabled ? reasonId : undefined}
                onClick={() => void run(format)}
                data-testid={exportAs.testId ? `${exportAs.testId}-${format}` : `table-export-${format}`}
              >
                <Download aria-hidden />
                {format === 'csv' ? 'CSV' : 'Excel'}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
