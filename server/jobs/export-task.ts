import type { Queryable } from '../kernel/db/database';
import { beijingText } from '../../contract/beijing-time.contract';
import type { ExportOwner } from './export-source';
import { exportSources, type ExportParams } from './export-sources';
import { exportText } from '../files/export-text';
import { contentTypes, writeExport } from '../files/export-writer';
import type { JobRow } from './job.repository';

/** What a task hands the runner to keep: a file, and how many rows (its progress unit) it holds. */
export interface TaskOutput {
  name: string;
  contentType: string;
  bytes: Buffer;
  done: number;
}

/** A file name from a title: the title and the Beijing time stamp, nothing a file system refuses. */
function fileName(title: string, at: Date, extension: string): string {
  const stamp = beijingText(at)!
    .replace(/[-: ]/g, '')
    .replace(/^(\d{8})/, '$1-');
  const safe = [...title].map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char)).join('');
  return `${safe.slice(0, 100)}-${stamp}.${extension}`;
}

/** An export job: its source's rows for its owner, written as xlsx or CSV in the owner's language. */
export async function runExportTask(
  db: Queryable,
  job: JobRow,
  owner: ExportOwner,
  progress: (done: number) => Promise<void>,
  now: Date,
): Promise<TaskOutput> {
  const params = job.params as ExportParams;
  const source = exportSources[params.source];
  const title = exportText(params.language, source.title);
  const { bytes, rows } = await writeExport({
    format: params.format,
    sheetName: title,
    header: source.columns.map((key) => exportText(params.language, key)),
    pages: source.pages(db, owner, params),
    progress,
  });
  return { name: fileName(title, now, params.format), contentType: contentTypes[params.format], bytes, done: rows };
}
