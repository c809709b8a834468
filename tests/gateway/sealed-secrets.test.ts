import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_PLATFORM_PREFIX, backOfficeCalls, platformSignatureHeaders } from '../../contract/platform-api.contract';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { sql } from '../../server/kernel/db/sql';
import { DEMO_KEY_FILE, NO_KEY_MESSAGE, secretsKeyFrom } from '../../server/kernel/secrets-key';
import { SECRET_ARGUMENT_REFUSED } from '../../server/kernel/secret-input';
import { sitePlatforms } from '../../server/games/site-platforms';
import { signature, signRequest } from '../../server/platform/request-signature';
import { previewKey } from '../../server/kernel/preview-token';
import { sealStoredSecrets } from '../../server/kernel/stored-secrets';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { runSiteCommand } from '../../server/sites/site-command';
import { countChildProcess } from '../support/run-counters';
import { secretFile } from '../support/secret-file';
import { TEST_SECRETS_KEY, useTestSecretsKey } from '../support/secrets-key';
import { scriptArgs } from '../support/server-build';
import { runServerScript } from '../support/server-script';
import { emptyDatabaseEnv } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// Secrets that stay secret (docs/operations.md, "Secrets key"): a site's platform secret set by
// `npm run site` as the operator runs it, rotated, and looked for everywhere it must not be: the
// database's every table, a backup of `npm run backup`, the gateway's log lines, the command
// lines of `ps`. Then the gateway refuses to start with another key, or none. On an empty
// database of the project's kind; one process each for the CLI, the backup and each refused start.

const OLD = 'the-first-platform-secret-of-acme-0123456789';
const NEW = 'the-rotated-platform-secret-of-acme-9876543210';
const KEY_ID = 'acme-sealed';
/** One stored in clear before there was a key. */
const LEGACY = 'a-platform-secret-stored-before-the-key-0123';
const OTHER_KEY = 'c2VhbGVkLXNlY3JldHMtdGVzdDogYW5vdGhlciBrZXk=';

let env: Record<string, string>;
let cleanup: () => Promise<void> | void = () => undefined;
/** The requests the site's platform received (a server standing in for it): our calls, to check their signatures. */
const received: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];
let platformUrl = '';
let closePlatform: () => Promise<void> = async () => undefined;
/** What the gateway logged while it served the test (pino's JSON lines). */
const logLines: string[] = [];
let generated = '';

beforeAll(async () => {
  useTestSecretsKey();
  ({ env, cleanup } = await emptyDatabaseEnv('credit-sealed-'));
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method!, path: request.url!, headers: request.headers, body });
      response.writeHead(503).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  platformUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closePlatform = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await closePlatform();
  await cleanup();
});

const openTestDatabase = () =>
  env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 })
    : openDatabase({ kind: 'pglite', dataDir: join(env.DATA_DIR!, 'pglite') });

/** `npm run site` in this process on `db` (the gateway's, while it runs: PGlite is one process's). */
async function site(db: Database, ...args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runSiteCommand(args, {
    open: async () => ({ db, close: async () => undefined }),
    out: (text) => lines.push(text),
    err: (text) => lines.push(text),
    now: () => new Date(),
    platformFor: sitePlatforms({ embedded: simulatorPlatform, now: () => new Date() }),
  });
  return { code, output: lines.join('\n') };
}

/** Every row of every table of the database as text, in one string: where a secret must not be. */
async function wholeDatabaseText(db: Database): Promise<string> {
  const tables = await db.rows<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['site_platforms', 'signing_keys', 'operation_log']));
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await db.rows<{ row: string }>(sql`SELECT t::text AS row FROM ${sql.identifier(name)} t`);
    parts.push(...rows.map((row) => row.row));
  }
  return parts.join('\n');
}

/** A signed lobby call of the platform under `secret`: its HTTP status (401: refused for its signature). */
async function platformCallStatus(gw: TestGateway, secret: string): Promise<number> {
  const path = BACK_OFFICE_PLATFORM_PREFIX + backOfficeCalls.lobbySignIn.path;
  const body = JSON.stringify({ siteId: 'acme', loginId: 'nobody-here', password: 'not-a-password', ip: '203.0.113.7' });
  const headers = signRequest({ keyId: KEY_ID, secret, method: 'POST', path, body, now: gw.clock.now() });
  const response = await fetch(gw.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  await response.body?.cancel();
  return response.status;
}

/** Which secrets our latest call to the platform was signed with. */
async function secretOfOurNextCall(gw: TestGateway, candidates: string[]): Promise<string[]> {
  const before = received.length;
  const platform = sitePlatforms({ embedded: simulatorPlatform, now: () => gw.clock.now() })(gw.db);
  await expect(platform.balance({ siteId: 'acme', memberId: '1' })).rejects.toThrow();
  const call = received[received.length - 1]!;
  expect(received.length).toBeGreaterThan(before);
  const signed = {
    method: call.method,
    path: call.path,
    timestamp: String(call.headers[platformSignatureHeaders.timestamp]),
    nonce: String(call.headers[platformSignatureHeaders.nonce]),
    body: call.body,
  };
  return candidates.filter((secret) => signature(secret, signed) === call.headers[platformSignatureHeaders.signature]);
}

describe('secrets that stay secret', () => {
  it('takes the platform secret on standard input only: never on the command line (ps), never printed, stored sealed', async () => {
    useTestSecretsKey();
    const db = await openTestDatabase();
    try {
      expect((await site(db, 'add', 'acme', '--host', 'acme.test', '--title', 'Acme')).code).toBe(0);
      // On the command line: refused before anything is read or opened, the value never echoed.
      const refused = await site(db, 'platform', 'acme', '--rotate', '--secret', NEW);
      expect(refused).toEqual({ code: 2, output: SECRET_ARGUMENT_REFUSED });
    } finally {
      await db.close();
    }

    // The operator's process: its command line and environment as `ps` reads them (/proc) while it waits for the secret.
    const args = [
      ...(await scriptArgs('server/cli/site.ts')),
      'platform',
      'acme',
      '--url',
      platformUrl,
      '--key-id',
      KEY_ID,
      '--secret-stdin',
    ];
    countChildProcess();
    const child = spawn(process.execPath, args, { cwd: new URL('../../', import.meta.url).pathname, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const seen = ['cmdline', 'environ'].map((file) => readFileSync(`/proc/${child.pid}/${file}`, 'utf8'));
    expect(seen[0]).toContain('--secret-stdin');
    child.stdin.end(`${OLD}\n`);
    // 1: our stand-in platform answers 503 to the pushes (queued again); the secret is stored all the same.
    expect(await exited, output).toBe(1);
    expect(output).toContain(`Site acme plays on ${platformUrl} (key id ${KEY_ID}).`);
    for (const text of [...seen, output]) expect(text).not.toContain(OLD);
    // The pushes it tried were signed with the secret it was given.
    expect(received.length).toBeGreaterThan(0);
  });

  it('accepts the platform under the old and the new secret during a rotation, only the new after it; our calls sign with the newest', async () => {
    const db = await openTestDatabase();
    const gw = await startTestGateway({ db, log: { level: 'debug', stream: { write: (line) => logLines.push(line) } } });
    try {
      expect(await platformCallStatus(gw, OLD)).not.toBe(401);
      expect(await platformCallStatus(gw, NEW)).toBe(401);
      expect(await secretOfOurNextCall(gw, [OLD, NEW])).toEqual([OLD]);

      const rotate = await site(gw.db, 'platform', 'acme', '--rotate', '--secret-file', secretFile(NEW));
      expect(rotate.code, rotate.output).toBe(0);
      expect(rotate.output).toContain('--rotate-end');
      expect(rotate.output).not.toContain(NEW);
      expect(await platformCallStatus(gw, OLD)).not.toBe(401);
      expect(await platformCallStatus(gw, NEW)).not.toBe(401);
      expect(await platformCallStatus(gw, 'some-other-secret-of-nobody-0123456789')).toBe(401);
      expect(await secretOfOurNextCall(gw, [OLD, NEW])).toEqual([NEW]);
      expect((await site(gw.db, 'list')).output).toMatch(new RegExp(`^acme .*${platformUrl} \\(secret rotating since 20`, 'm'));
      // One rotation at a time.
      expect(await site(gw.db, 'platform', 'acme', '--rotate', '--generate')).toMatchObject({ code: 2 });

      // Both secrets stored, neither anywhere in clear: every table's every row, the preview key's bytes neither.
      const stored = await gw.db.one<{ secret: string; secret_old: string }>(
        sql`SELECT secret, secret_old FROM site_platforms WHERE site_id = 'acme'`,
      );
      expect(stored).toEqual({ secret: expect.stringMatching(/^sealed:v1:/), secret_old: expect.stringMatching(/^sealed:v1:/) });
      const preview = await previewKey(gw.db);
      const text = await wholeDatabaseText(gw.db);
      for (const secret of [OLD, NEW, preview.toString('base64'), preview.toString('hex')]) expect(text).not.toContain(secret);
      expect(text).toContain(stored!.secret);

      const end = await site(gw.db, 'platform', 'acme', '--rotate-end');
      expect(end.code, end.output).toBe(0);
      expect(await platformCallStatus(gw, OLD)).toBe(401);
      expect(await platformCallStatus(gw, NEW)).not.toBe(401);
      expect(await site(gw.db, 'platform', 'acme', '--rotate-end')).toMatchObject({ code: 2 });

      // A generated secret is shown once, by the command that made it.
      const made = await site(gw.db, 'platform', 'acme', '--rotate', '--generate');
      expect(made.code, made.output).toBe(0);
      generated = /shown this once[^\n]*\n\s+(\S+)/.exec(made.output)?.[1] ?? '';
      expect(generated).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await platformCallStatus(gw, generated)).not.toBe(401);
      expect(await platformCallStatus(gw, NEW)).not.toBe(401);
      expect(await secretOfOurNextCall(gw, [NEW, generated])).toEqual([generated]);
      expect((await wholeDatabaseText(gw.db)).includes(generated)).toBe(false);

      // A secret stored in clear before the key (migration 0065 marks it so) is sealed at the next start, and still signs.
      // (Its clear copy stays in the data pages until they are reused, so the backup below is not searched for it.)
      await gw.db.run(sql`UPDATE site_platforms SET secret_old = ${`clear:${LEGACY}`} WHERE site_id = 'acme'`);
      expect(await sealStoredSecrets(gw.db)).toBe(1);
      expect(await sealStoredSecrets(gw.db)).toBe(0);
      expect((await wholeDatabaseText(gw.db)).includes(LEGACY)).toBe(false);
      expect(await platformCallStatus(gw, LEGACY)).not.toBe(401);
    } finally {
      await gw.close();
      await db.close();
    }
    // The gateway logged the platform's calls, refused and served, and never a secret.
    expect(logLines.join('')).toContain('platform request refused for its signature');
    for (const secret of [OLD, NEW, generated]) expect(logLines.join('')).not.toContain(secret);
  });

  it('writes a backup (npm run backup) that holds the secrets sealed, never in clear', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'credit-sealed-backup-'));
    try {
      const file = join(folder, 'backup');
      const backup = await runServerScript('server/cli/backup.ts', env, [file]);
      expect(backup.code, backup.output).toBe(0);
      const raw = readFileSync(file);
      // PGlite's is a gzipped tar of its folder (the data pages as written); PostgreSQL's pg_dump's custom format, read as SQL by pg_restore.
      const contents = env.DATABASE_URL ? await pgRestoreText(file) : gunzipSync(raw).toString('latin1');
      expect(contents).toContain('sealed:v1:');
      for (const secret of [OLD, NEW, generated].filter(Boolean)) expect(contents).not.toContain(secret);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses to start with another key than the database was sealed with, or with none, in one message and no stack trace', async () => {
    const start = (extra: Record<string, string>) => runServerScript('server/cli/start.ts', { ...env, PORT: '0', ...extra });
    const wrong = await start({ SECRETS_KEY: OTHER_KEY });
    expect(wrong.code, wrong.output).toBe(1);
    const ours = secretsKeyFrom(TEST_SECRETS_KEY, 'test').id;
    const theirs = secretsKeyFrom(OTHER_KEY, 'test').id;
    expect(wrong.output).toContain(
      `Refused to start: The secrets in the database are sealed with key ${ours}, and this process has key ${theirs}`,
    );
    expect(wrong.output).not.toMatch(/^\s+at /m);

    const none = await start({ SECRETS_KEY: '', SECRETS_KEY_FILE: '' });
    expect(none.code, none.output).toBe(1);
    expect(none.output).not.toMatch(/^\s+at /m);
    if (env.DATABASE_URL) {
      expect(none.output.trim()).toBe(NO_KEY_MESSAGE);
    } else {
      // The embedded database makes its demo key file (this user's only), which is not the key its secrets were sealed with.
      const demoKey = join(env.DATA_DIR!, DEMO_KEY_FILE);
      expect(existsSync(demoKey)).toBe(true);
      expect(statSync(demoKey).mode & 0o777).toBe(0o600);
      expect(none.output).toContain(`Refused to start: The secrets in the database are sealed with key ${ours}`);
    }
  });
});

function pgRestoreText(file: string): Promise<string> {
  countChildProcess();
  return new Promise((resolve, reject) => {
    const child = spawn('pg_restore', ['--file=-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`pg_restore exit ${code}`))));
  });
}
