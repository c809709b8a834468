import { rowId } from './db/ids';
import { sql } from './db/sql';
import type { FieldChange } from '../../contract/audit.contract';
import type { Queryable } from './db/database';

const SENSITIVE_PARAM = /pass|safe|captcha|token|opsid/i;

/** One row of the operation record: who did what to whom, from where, and how it ended. */
export interface OperationRecord {
  siteId: string;
  /** The acting main account; null when the system acted (the operator's command line, operatorLogin `system`). */
  accountId: string | null;
  subAccountId: string | null;
  operatorLogin: string;
  method: string;
  targetId?: string | undefined;
  summary?: string | undefined;
  /** Stored with secrets masked. */
  params: Record<string, unknown>;
  ip: string;
  /** Country (or "LAN") of the IP, and the terminal the envelope named. */
  region?: string | undefined;
  terminal?: string | undefined;
  /** What the call changed, field by field (values, never prose). */
  changes?: readonly FieldChange[] | undefined;
  level: 'normal' | 'warn' | 'error';
  code: number | null;
  requestKey?: string | undefined;
  /** Whose line the row belongs to ("my line's operations"): the acting account's, unless named (the system names the site's company). */
  lineOf?: string | undefined;
  at: Date;
}

/**
 * Text PostgreSQL can store: no NUL, no lone surrogate (neither fits text or jsonb). The record
 * of a refused or failed call is written whatever its params held, so nothing may make it fail.
 */
export function storableText(text: string): string {
  return text
    .replace(/\p{Cs}/gu, '\uFFFD')
    .split('\u0000')
    .join('');
}

const storableJson = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' ? storableText(item) : item));

function redact(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, SENSITIVE_PARAM.test(k) ? '***' : v]));
}

/** The INSERT of one record, for callers that run it inside a bigger statement (the dispatcher). */
export function operationInsertSql(record: OperationRecord) {
  const targetId = record.targetId && rowId(record.targetId) !== null ? record.targetId : null;
  // The acting account's line is read with the insert: "my line's operations" is then a prefix search.
  return sql`INSERT INTO operation_log
    (site_id, account_id, sub_account_id, operator_login, method, target_id, summary, params, ip, region, terminal, changes,
     line_path, level, code, request_key, created_at)
    VALUES (${record.siteId}, ${record.accountId}, ${record.subAccountId}, ${storableText(record.operatorLogin)}, ${record.method},
            ${targetId}, ${storableText(record.summary ?? '')}, ${storableJson(redact(record.params))}::jsonb, ${record.ip},
            ${storableText(record.region ?? '').slice(0, 16)}, ${storableText(record.terminal ?? '').slice(0, 16)},
            ${storableJson(record.changes ?? [])}::jsonb,
            COALESCE((SELECT path FROM accounts WHERE id = ${record.lineOf ?? record.accountId}), ''),
            ${record.level}, ${record.code}, ${record.requestKey ?? null}, ${record.at})`;
}

export async function recordOperation(db: Queryable, record: OperationRecord): Promise<void> {
  await db.run(operationInsertSql(record));
}
