import { migrationNames } from '../kernel/db/migrate';

/** A backup's schema against this code's: what restore may do with it. */
export type SchemaComparison =
  | { kind: 'same'; version: string }
  | { kind: 'older'; version: string; missing: string[] }
  | { kind: 'newer'; version: string; unknown: string[] };

/** The schema version of a database: its latest applied migration ('none' before the first). */
export function versionOf(applied: readonly string[]): string {
  return (
    [...applied]
      .sort()
      .at(-1)
      ?.replace(/\.sql$/, '') ?? 'none'
  );
}

/**
 * Compares the migrations a backup had applied with the files this code has: a migration the
 * code does not know means a newer schema (refused); files the backup lacks are applied after.
 */
export async function compareSchema(applied: readonly string[]): Promise<SchemaComparison> {
  const known = await migrationNames();
  const version = versionOf(applied);
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) return { kind: 'newer', version, unknown };
  const missing = known.filter((name) => !applied.includes(name));
  return missing.length > 0 ? { kind: 'older', version, missing } : { kind: 'same', version };
}
