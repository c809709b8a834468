import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How `npm run backup` reaches the server that holds a PGlite folder (only that process may open
 * it): `npm start` writes this file into DATA_DIR with its address and a token made at start,
 * readable by its owner only, and removes it when it stops. Whoever may read the file may read
 * the data folder beside it anyway, so the token grants nothing more.
 */
/** Where the running server answers `npm run backup` (server/gateway/http/backup-route.ts). */
export const BACKUP_ROUTE = '/api/backup';

export interface BackupEndpoint {
  pid: number;
  url: string;
  token: string;
}

const fileName = 'backup-endpoint.json';

export function newBackupToken(): string {
  return randomBytes(32).toString('hex');
}

/** The address a script on this machine reaches the server at: loopback unless it listens on one address only. */
export function localUrl(host: string, port: number): string {
  const any = host === '0.0.0.0' || host === '::' || host === '' || host === 'localhost';
  const address = any ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${address}:${port}`;
}

export function publishBackupEndpoint(dataDir: string, endpoint: BackupEndpoint): () => void {
  const file = join(dataDir, fileName);
  writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/** The endpoint of the server running on this folder, or null (no file, or its process is gone). */
export function runningBackupEndpoint(dataDir: string): BackupEndpoint | null {
  let endpoint: BackupEndpoint;
  try {
    endpoint = JSON.parse(readFileSync(join(dataDir, fileName), 'utf8')) as BackupEndpoint;
  } catch {
    return null;
  }
  try {
    // Signal 0 only asks whether the process exists.
    process.kill(endpoint.pid, 0);
    return endpoint;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? endpoint : null;
  }
}
