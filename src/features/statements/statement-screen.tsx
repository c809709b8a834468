import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { exportStatementPdf } from '@commands/statement.commands';
import type { StatementDetail } from '@contract/statement.contract';
import { useCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { Button } from '@/components/ui/button';
import { useCommands } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { download } from '@/lib/table-export';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { statementColumns, statementLineColumns, statementLines } from './statement-columns';
import { openPrintable, printableStatement } from './statement-print';

const idText = z.string().regex(/^[0-9]{0,18}$/);
/** The agent whose statements are listed (empty: the caller's own and its children's), and the statement opened. */
const statementState = urlStateCodec({ userId: idText, statementId: idText }, { userId: '', statementId: '' });

/** /statement/index: the frozen statements of the bill periods closed; one opens as its lines, exported and printed. */
export default function StatementScreen() {
  const [view, setView] = useUrlState(statementState);
  return view.statementId ? (
    <StatementDetailView statementId={view.statementId} onBack={() => setView({ statementId: '' })} />
  ) : (
    <StatementList userId={view.userId} onOpen={(statementId) => setView({ statementId })} />
  );
}

function StatementList({ userId, onOpen }: { userId: string; onOpen(statementId: string): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const statements = useCall('gw.credit.statement.query', { pageSize: 500, ...(userId ? { userId } : {}) });
  const rows = useMemo(() => statements.data?.list ?? [], [statements.data]);
  const columns = useMemo(() => statementColumns(t, format, (row) => onOpen(row.statementId)), [t, format, onOpen]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.statementId });
  const title = t('route.statement');
  return (
    <ListScreen
      title={title}
      testId="statement-screen"
      intro={<p className="text-sm text-muted-foreground">{t('statement.explain')}</p>}
      model={model}
      status={
        <span className="text-sm text-muted-foreground" role="status" data-testid="statement-total">
          {t('statement.total', { count: statements.data?.total ?? 0 })}
        </span>
      }
      exportAs={{ sheet: title, disabled: rows.length === 0, testId: 'statement-export' }}
      table={{
        total: rows.length,
        loading: statements.isFetching,
        empty: t('statement.empty'),
        rowHeight: 44,
        minWidth: '80rem',
        testId: 'statement-rows',
        rowTestId: 'statement-row',
        rowAttributes: (row) => ({ 'data-statement-id': row.statementId, 'data-login-id': row.loginId }),
      }}
    />
  );
}

function StatementDetailView({ statementId, onBack }: { statementId: string; onBack(): void }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const commands = useCommands();
  const statement = useCall('gw.credit.statement.get', { statementId });
  const detail: StatementDetail | undefined = statement.data;
  const lines = useMemo(() => (detail ? statementLines(t, detail) : []), [t, detail]);
  const columns = useMemo(() => statementLineColumns(t, format), [t, format]);
  const model = useDataTable({ columns, data: lines, getRowId: (line) => line.id });
  const title = detail ? t('statement.title', { id: statementId, account: detail.content.agent.loginId }) : t('route.statement');
  return (
    <ListScreen
      title={title}
      testId="statement-detail"
      attributes={{ 'data-hash-ok': detail ? String(detail.hashOk) : undefined }}
      intro={
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <Button type="button" size="sm" variant="outline" onClick={onBack} data-testid="statement-back">
            {t('statement.back')}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!detail}
            onClick={() => detail && openPrintable(printableStatement(t, format, detail, i18n.language))}
            data-testid="statement-print"
          >
            {t('statement.print')}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!detail}
            onClick={() => void exportStatementPdf(commands, statementId, (name, bytes) => download(name, bytes, 'application/pdf'))}
            data-testid="statement-pdf"
          >
            {t('statement.pdf')}
          </Button>
          {detail ? (
            <span data-testid="statement-hash" className="font-mono text-xs break-all">
              {detail.hashOk ? t('statement.hashOk') : t('statement.hashBad')} sha256 {detail.contentHash}
            </span>
          ) : null}
        </div>
      }
      model={model}
      exportAs={{ sheet: t('route.statement'), disabled: lines.length === 0, testId: 'statement-detail-export' }}
      table={{
        total: lines.length,
        loading: statement.isFetching,
        empty: t('statement.notFound'),
        rowHeight: 40,
        minWidth: '48rem',
        testId: 'statement-lines',
        rowTestId: 'statement-line',
        rowAttributes: (line) => ({ 'data-line': line.id }),
      }}
    />
  );
}
