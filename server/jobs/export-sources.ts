import type { Language } from '../../contract/common.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import type { Cell } from '../../shared/table-cells';
import { accountInLine } from '../tree/line-access';
import { scoreLogPages, scoreLogSnapshot, type ScoreLogFilters } from '../points/score-log.repository';
import { agentListExport, memberListExport } from './account-export-sources';
import { betExport } from './bet-export-source';
import type { ExportSource } from './export-source';
import { exportText } from '../files/export-text';

/** Rows read per page, and so per progress report: often enough for a smooth progress bar. */
const EXPORT_PAGE = 250;

const amount = (value: string | null): Cell => (value === null ? '' : { number: value });

/** The type as the score log shows it: a transfer not simply done says so, and a reversal what it returns. */
function scoreLogTypeText(language: Language, row: { type: string; state: string; reversalOf: string | null }): string {
  return [
    exportText(language, `log.type.${row.type}`),
    row.state === 'done' ? null : exportText(language, `transfers.state.${row.state}`),
    row.reversalOf === null ? null : exportText(language, 'transfers.reversalOf', { serial: row.reversalOf }),
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

const scoreLogExport: ExportSource = {
  title: 'route.pointRecord',
  columns: [
    'log.serial',
    'log.time',
    'log.typeColumn',
    'log.from',
    'log.to',
    'log.amount',
    'export.column.toBefore',
    'export.column.toAfter',
    'export.column.fromBefore',
    'export.column.fromAfter',
    'log.operator',
    'log.ip',
    'log.comment',
  ],
  async prepare(ctx, input) {
    const filters = input as ScoreLogFilters;
    const session = ctx.session!;
    // score.log.query's own check: an account filter names an account of the caller's line.
    if (filters.userId !== undefined && filters.userId !== session.accountId) await accountInLine(ctx, filters.userId);
    const snapshot = await scoreLogSnapshot(
      ctx.db,
      { siteId: ctx.site.id, callerId: session.accountId, wholeSite: session.level === 0 },
      filters,
    );
    return { total: snapshot.total, snapshot: { untilSerial: snapshot.untilSerial } };
  },
  async *pages(db, owner, { filters, snapshot, language }) {
    const scope = { siteId: owner.siteId, callerId: owner.accountId, wholeSite: owner.level === 0 };
    const params = { ...(filters as ScoreLogFilters), untilSerial: String(snapshot.untilSerial) };
    for await (const page of scoreLogPages(db, scope, params, EXPORT_PAGE)) {
      yield page.map((row) => [
        { number: row.serialNo, kind: 'serial' },
        { time: row.time },
        scoreLogTypeText(language, row),
        row.fromLoginId ?? '',
        row.toLoginId,
        amount(row.amount),
        amount(row.toBefore),
        amount(row.toAfter),
        amount(row.fromBefore),
        amount(row.fromAfter),
        row.operator,
        row.operatorIp,
        row.comment,
      ]);
    }
  },
};

/** Every exportable list, by the name of its list method. */
export const exportSources = {
  'gw.credit.score.log.query': scoreLogExport,
  'gw.credit.agent.query': agentListExport,
  'gw.credit.user.query': memberListExport,
  'gw.credit.bet.query': betExport,
} satisfies Record<string, ExportSource>;

export type ExportSourceName = keyof typeof exportSources;

/** What an export job keeps in its params. */
export interface ExportParams {
  source: ExportSourceName;
  format: ParamsOut<'gw.credit.score.log.export'>['format'];
  language: Language;
  filters: Record<string, unknown>;
  snapshot: Record<string, unknown>;
}
