import { chmodSync, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { BACKUP_ROUTE, runningBackupEndpoint } from '../backup/backup-endpoint';
import { appliedMigrations, dumpPglite } from '../backup/pglite-backup';
import { runPostgresTool } from '../backup/postgres-tools';
import { versionOf } from '../backup/schema-version';
import { loadConfig } from '../gateway/config';
import { openDatabase } from '../kernel/db/database';

// `npm run backup -- <file>`: a consistent backup of the database of `npm start`, everything in it.
// PostgreSQL: pg_dump's custom format (-Fc), taken beside the running gateways. PGlite: a tarball
// of its folder, through the running server when there is one (only it may open the folder),
// else read from the folder directly. Restore with `npm run restore -- <file>`.
const target = process.argv[2];
if (!target || target.startsWith('-')) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const file = resolve(target);
if (existsSync(file)) {
  console.error(`Refused: ${file} already exists (a backup never overwrites a file; name a new one).`);
  process.exit(2);
}
const config = loadConfig();
// A backup holds everything, the platforms' secrets and every hash included: readable by this
// user only (pg_dump, a child, inherits the mask), in a folder of its own when this makes it.
process.umask(0o077);
mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
// Written beside the file and renamed when complete: a file by that name is always a whole backup.
const partial = `${file}.partial`;

async function postgresVersion(url: string): Promise<string> {
  const db = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    return versionOf(await appliedMigrations(db));
  } finally {
    await db.close();
  }
}

async function backUp(): Promise<{ version: string; how: string }> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    console.log(
      `Backing up PostgreSQL (${url.replace(/\/\/[^@/]*@/, '//***@')}) with pg_dump -Fc (one snapshot; the gateways keep running)…`,
    );
    const version = await postgresVersion(url);
    await runPostgresTool('pg_dump', url, ['--format=custom', `--file=${partial}`]);
    return { version, how: 'pg_dump custom format' };
  }
  const pgliteDir = join(config.dataDir, 'pglite');
  const endpoint = runningBackupEndpoint(config.dataDir);
  if (endpoint) {
    console.log(`Backing up PGlite in ${pgliteDir} through the running server (process ${endpoint.pid}, ${endpoint.url})…`);
    const answer = await fetch(`${endpoint.url}${BACKUP_ROUTE}`, { headers: { authorization: `Bearer ${endpoint.token}` } }).catch(
      (error: Error) => {
        throw new Error(
          `the server of ${config.dataDir} (process ${endpoint.pid}) did not answer at ${endpoint.url} (${error.message}); ` +
            `if it is stopped, delete ${join(config.dataDir, 'backup-endpoint.json')} and run the backup again`,
        );
      },
    );
    if (!answer.ok) throw new Error(`the running server refused the backup (HTTP ${answer.status})`);
    // Streamed to the file: a backup may be larger than this process should hold.
    await pipeline(Readable.fromWeb(answer.body! as NodeReadableStream), createWriteStream(partial));
    return { version: answer.headers.get('x-schema-version') ?? 'unknown', how: 'PGlite data folder, gzipped tar' };
  }
  if (!existsSync(pgliteDir)) {
    console.error(`No database: set DATABASE_URL, or DATA_DIR to a folder holding pglite/ (looked in ${pgliteDir}).`);
    process.exit(2);
  }
  console.log(`Backing up PGlite in ${pgliteDir} (no server runs on it: read from the folder)…`);
  const db = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    const { tarball, version } = await dumpPglite(db);
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    return { version, how: 'PGlite data folder, gzipped tar' };
  } finally {
    await db.close();
  }
}

try {
  const { version, how } = await backUp();
  // Also when a partial file of an earlier run was there with a wider mode.
  chmodSync(partial, 0o600);
  renameSync(partial, file);
  const size = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(`Backup written: ${file} (${size} MiB, ${how}, schema ${version}). Restore it with: npm run restore -- ${target}`);
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
