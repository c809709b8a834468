import { sql, type SQL } from './sql';

/**
 * Ids are int8 in the database, so rows carry them as bigints (the driver's parser), while the
 * wire carries them as decimal text (the contract's `idSchema`). These three are the
 * crossings: a row's id to an answer, an id text coming in to a row's, and a list of ids as one
 * SQL parameter.
 */
export type AnyId = bigint | number | string;

/** A row's id as an answer carries it; a missing one (a NULL column) stays null. */
export function wireId(id: AnyId): string;
export function wireId(id: AnyId | null): string | null;
export function wireId(id: AnyId | null): string | null {
  return id === null ? null : String(id);
}

const ROW_ID = /^[0-9]{1,18}$/;

/** An id text coming in as a row's id, or null when it cannot be one (not 1 to 18 digits). */
export function rowId(text: string): bigint | null {
  return ROW_ID.test(text) ? BigInt(text) : null;
}

/** Ids (or other int8 keys: serials) as one `bigint[]` parameter (`= ANY (...)`, `unnest(...)`); each must be digits already. */
export function idArray(ids: readonly AnyId[]): SQL {
  return sql`${`{${ids.join(',')}}`}::bigint[]`;
}
