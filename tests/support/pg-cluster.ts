import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * Throw-away PostgreSQL clusters of the installed server on spare ports (the failover test):
 * a primary and a synchronous standby made from it with pg_basebackup -R. PostgreSQL refuses to
 * run as root, so as root the tools run as the `postgres` OS user (runuser).
 */

const run = promisify(execFile);

/** The newest installed server's binaries (PG_BINDIR, else Debian's /usr/lib/postgresql/<version>/bin). */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BINDIR) return existsSync(join(process.env.PG_BINDIR, 'pg_ctl')) ? process.env.PG_BINDIR : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

const asRoot = process.getuid?.() === 0;

/** Whether the tools can run here: as root, the `postgres` OS user and runuser must exist. */
export function clusterToolsMissing(): string | undefined {
  if (!postgresBinDir()) return 'no PostgreSQL server binaries (apt-get install postgresql, or set PG_BINDIR)';
  if (asRoot && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'runuser not found';
  if (
    asRoot &&
    !readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .some((line) => line.startsWith('postgres:'))
  )
    return 'no postgres OS user';
  return undefined;
}

async function tool(name: string, args: string[]): Promise<string> {
  const binary = join(postgresBinDir()!, name);
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  const { stdout } = await run(command, commandArgs, { timeout: 30_000 });
  return stdout;
}

/** A port nobody listens on now. */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  dir: string;
  port: number;
  url(database: string, query?: string): string;
  /** SIGKILL to the postmaster and every process of the cluster: the machine lost at once. */
  kill(): void;
  stop(): Promise<void>;
}

/** A temp folder owned by the user the clusters run as. */
export function clusterRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'failover-'));
  if (asRoot) {
    const [uid, gid] = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('postgres:'))!
      .split(':')
      .slice(2, 4)
      .map(Number) as [number, number];
    chownSync(root, uid, gid);
  }
  return root;
}

export function removeClusterRoot(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

function settings(root: string, port: number, extra: string[]): string {
  // fsync off for speed; synchronous_commit stays on, so a commit waits for the synchronous standby.
  return [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${root}'`,
    'fsync = off',
    'synchronous_commit = on',
    'full_page_writes = off',
    'shared_buffers = 32MB',
    'max_connections = 60',
    'wal_level = replica',
    'max_wal_senders = 4',
    'wal_keep_size = 64MB',
    ...extra,
    '',
  ].join('\n');
}

function cluster(root: string, dir: string, port: number): Cluster {
  return {
    dir,
    port,
    url: (database, query) => `postgres://postgres@127.0.0.1:${port}/${database}${query ? `?${query}` : ''}`,
    kill() {
      const postmaster = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = readdirSync('/proc')
        .filter((entry) => /^[0-9]+$/.test(entry))
        .filter((pid) => {
          try {
            return /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] === String(postmaster);
          } catch {
            return false;
          }
        });
      process.kill(postmaster, 'SIGKILL');
      for (const pid of children) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    },
    async stop() {
      if (existsSync(join(dir, 'postmaster.pid')))
        await tool('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    },
  };
}

export async function startPrimary(root: string, port: number): Promise<Cluster> {
  const dir = join(root, 'primary');
  await tool('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--no-locale']);
  appendFileSync(join(dir, 'postgresql.conf'), settings(root, port, []));
  await tool('pg_ctl', ['-D', dir, '-l', join(root, 'primary.log'), '-w', 'start']);
  return cluster(root, dir, port);
}

/**
 * A standby of `primary` (pg_basebackup -R), then made synchronous: the primary's own
 * postgresql.auto.conf names it after the copy, so the standby, once promoted, waits for nobody.
 */
export async function startSynchronousStandby(root: string, primary: Cluster, port: number): Promise<Cluster> {
  const dir = join(root, 'standby');
  await tool('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  // Read after postgresql.conf: its own port, and cluster_name as the application_name it replicates under.
  appendFileSync(join(dir, 'postgresql.auto.conf'), `port = ${port}\ncluster_name = 'standby1'\n`);
  await tool('pg_ctl', ['-D', dir, '-l', join(root, 'standby.log'), '-w', 'start']);
  const client = new pg.Client({ connectionString: primary.url('postgres') });
  await client.connect();
  try {
    await client.query(`ALTER SYSTEM SET synchronous_standby_names = 'standby1'`);
    await client.query('SELECT pg_reload_conf()');
    for (let tries = 0; ; tries++) {
      const { rows } = await client.query<{ sync_state: string }>(
        `SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby1'`,
      );
      if (rows[0]?.sync_state === 'sync') break;
      if (tries > 100) throw new Error(`the standby did not become synchronous: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
  return cluster(root, dir, port);
}

/** A database of another server copied into a new database `name` of `cluster` (pg_dump, pg_restore). */
export async function copyDatabase(root: string, fromUrl: string, cluster: Cluster, name: string): Promise<void> {
  const dump = join(root, 'copy.dump');
  await tool('pg_dump', ['-Fc', '--no-owner', '-f', dump, fromUrl]);
  await tool('createdb', ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres', name]);
  await tool('pg_restore', ['--no-owner', '-d', cluster.url(name), dump]);
}

export async function promote(standby: Cluster): Promise<void> {
  await tool('pg_ctl', ['-D', standby.dir, '-w', 'promote']);
}

/** The logs of the clusters, for a failure's message. */
export function clusterLogs(root: string): string {
  return ['primary.log', 'standby.log']
    .filter((name) => existsSync(join(root, name)))
    .map((name) => `--- ${name}\n${readFileSync(join(root, name), 'utf8').slice(-3_000)}`)
    .join('\n');
}
