import type { RowData } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { DataTableModel } from './data-table';
import { columnLabel } from './data-table-export';

/** Which columns of a wide table are shown: one checkbox per column with a title; the table remembers the choice. */
export function DataTableColumnChooser<T extends RowData>({ model }: { model: DataTableModel<T> }) {
  const { t } = useTranslation();
  const columns = model.table.getAllLeafColumns().filter((column) => column.getCanHide() && column.columnDef.meta?.export);
  const shown = columns.filter((column) => column.getIsVisible()).length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" size="sm" variant="outline" data-testid="table-columns">
          <Columns3 aria-hidden />
          {t('table.columns')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" data-testid="table-columns-menu">
        <DropdownMenuLabel>{t('table.columnsShown', { count: shown, total: columns.length })}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={column.getIsVisible()}
            // The last column shown stays: a table of no columns shows nothing.
            disabled={column.getIsVisible() && shown === 1}
            onCheckedChange={(checked) => column.toggleVisibility(checked)}
            onSelect={(event) => event.preventDefault()}
            data-testid="table-column-option"
            data-column={column.id}
          >
            {columnLabel(column)}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
