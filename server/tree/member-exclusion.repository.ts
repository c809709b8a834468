import type { Exclusion } from '../../contract/exclusion.contract';
import type { Queryable } from '../kernel/db/database';
import { wireId } from '../kernel/db/ids';
import { sql, type SQL } from '../kernel/db/sql';
import { iso } from '../kernel/db/timestamps';

/**
 * Members' time-outs and self-exclusions (migration 0067; docs/product.md#time-outs-and-self-exclusion).
 * An exclusion is in force from its setting until its end (none: permanent) unless lifted.
 */

/** Whether the member `memberId` (an SQL expression) is excluded at `now`: a boolean expression. */
export function excludedSql(memberId: SQL, now: Date): SQL {
  return sql`EXISTS (SELECT FROM member_exclusions x WHERE x.member_id = ${memberId} AND x.lifted_at IS NULL
                      AND (x.until IS NULL OR x.until > ${now}::timestamptz))`;
}

export interface ExclusionRow {
  id: bigint;
  member_id: bigint;
  login_id: string;
  kind: Exclusion['kind'];
  reason: Exclusion['reason'];
  note: string;
  set_by: bigint;
  set_by_login: string;
  set_by_path: string;
  setter_level: number;
  set_at: Date | string;
  until: Date | string | null;
}

const columns = sql`x.id, x.member_id, m.login_id, x.kind, x.reason, x.note, x.set_by, s.login_id AS set_by_login,
  s.path AS set_by_path, x.setter_level, x.set_at, x.until`;
const joined = sql`member_exclusions x JOIN accounts m ON m.id = x.member_id JOIN accounts s ON s.id = x.set_by`;
const inForce = (now: Date) => sql`x.lifted_at IS NULL AND (x.until IS NULL OR x.until > ${now}::timestamptz)`;

/** The member's exclusion in force at `now`, or null; `lock` takes its row for an update. */
export async function exclusionInForce(db: Queryable, siteId: string, memberId: string, now: Date, lock = false) {
  return db.one<ExclusionRow>(sql`SELECT ${columns} FROM ${joined}
    WHERE x.site_id = ${siteId} AND x.member_id = ${memberId}::bigint AND ${inForce(now)} ${lock ? sql`FOR UPDATE OF x` : sql``}`);
}

/** Every exclusion in force on the site, the soonest end first, permanent ones last. */
export async function exclusionsInForce(db: Queryable, siteId: string, now: Date) {
  return db.rows<ExclusionRow>(sql`SELECT ${columns} FROM ${joined}
    WHERE x.site_id = ${siteId} AND ${inForce(now)} ORDER BY x.until NULLS LAST, x.id`);
}

export function toExclusion(row: ExclusionRow): Exclusion {
  return {
    userId: wireId(row.member_id),
    loginId: row.login_id,
    kind: row.kind,
    reason: row.reason,
    note: row.note,
    setById: wireId(row.set_by),
    setByLogin: row.set_by_login,
    setterLevel: Number(row.setter_level),
    setAt: iso(new Date(row.set_at)),
    until: row.until === null ? null : iso(new Date(row.until)),
  };
}
