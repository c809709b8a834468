import type { Language } from '../../contract/common.contract';
import type { Cell } from '../../shared/table-cells';
import type { Queryable } from '../kernel/db/database';
import type { CallContext } from '../kernel/call-context';

// The shape of an export source, apart from the list of sources (export-sources.ts), which
// imports every source: each source file imports this one, so none imports the list back.

/** The account an export job reads for: its rights decide the rows, as in its own list call. */
export interface ExportOwner {
  siteId: string;
  accountId: string;
  level: number;
}

/**
 * A list that can be exported: how the list method's rows are read again, page by page, for
 * the account that asked, with the same rights and filters. New exports add an entry to
 * `exportSources` (export-sources.ts) and a method that calls `startExport` (job.handlers.ts).
 */
export interface ExportSource {
  /** Catalogue key of the sheet's and the file's name. */
  title: string;
  /** Catalogue keys of the headers, in column order. */
  columns: readonly string[];
  /**
   * In the creating call, before the job exists: the caller's rights on the filters (the list
   * method's own checks), how many rows there are, and what keeps the rows the same while the
   * job reads them (stored with the job).
   */
  prepare(ctx: CallContext, filters: Record<string, unknown>): Promise<{ total: number; snapshot: Record<string, unknown> }>;
  /** The rows as cells in column order, a page at a time. */
  pages(
    db: Queryable,
    owner: ExportOwner,
    input: { filters: Record<string, unknown>; snapshot: Record<string, unknown>; language: Language },
  ): AsyncIterable<Cell[][]>;
}
