import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key that seals the secrets the database keeps (docs/operations.md, "Secrets key"): each
 * site's platform secrets and the gateways' signing keys. AES-256-GCM, a random 96-bit nonce per
 * value, the value's place (table and row) as additional data so a sealed value copied to another
 * row does not open there, and the key's id in front so a wrong key is told apart from a damaged
 * value. The database and its backups hold only `sealed:v1:<key id>:<nonce>:<ciphertext and tag>`;
 * the key lives in the environment (SECRETS_KEY) or a file (SECRETS_KEY_FILE), or, for the
 * embedded demo only, in a file of its data folder made on the first start.
 */
export interface SecretsKey {
  /** 16 hex digits that name the key (an HMAC of a fixed text under it: it tells nothing of the key). */
  readonly id: string;
  readonly key: Buffer;
}

/** A key that is missing, malformed or not the database's: one message for the operator, the gateway does not start. */
export class SecretsKeyRefusal extends Error {}

/** The embedded demo's key file, in its data folder (beside pglite/, so a backup of the database never holds it). */
export const DEMO_KEY_FILE = 'secrets.key';

const SEALED = 'sealed:v1:';
/** A value stored before there was a key (migration 0065 marks them), sealed by sealStoredSecrets at the next start. */
const CLEAR = 'clear:';

function keyIdOf(key: Buffer): string {
  return createHmac('sha256', key).update('credit-office secrets key id', 'utf8').digest('hex').slice(0, 16);
}

/** A key from its text: 32 bytes in standard base64 (44 characters, as `openssl rand -base64 32` prints). */
export function secretsKeyFrom(text: string, where: string): SecretsKey {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(trimmed)) {
    throw new SecretsKeyRefusal(`${where} is not a key: 32 bytes in base64, 44 characters (make one with: openssl rand -base64 32).`);
  }
  const key = Buffer.from(trimmed, 'base64');
  return { id: keyIdOf(key), key };
}

export interface LoadedSecretsKey {
  key: SecretsKey;
  /** Where it came from, for the start's banner (never the key). */
  source: string;
  /** The demo's key file, when this start made it. */
  created?: string;
}

export const NO_KEY_MESSAGE =
  'Refused to start: no SECRETS_KEY. With DATABASE_URL the gateway needs the key that seals the platforms’ secrets and the ' +
  'signing keys in the database. Set SECRETS_KEY to 32 bytes in base64 (make one with: openssl rand -base64 32), or ' +
  'SECRETS_KEY_FILE to a file holding it that only this user reads; keep it apart from the database and its backups ' +
  '(docs/operations.md, "Secrets key").';

/**
 * The key of this process: SECRETS_KEY, or the file SECRETS_KEY_FILE names. Without either, the
 * embedded database (no DATABASE_URL) uses `<DATA_DIR>/secrets.key`, made with mode 0600 on its
 * first start (the demo's key: fit for the demo only); a PostgreSQL server refuses (NO_KEY_MESSAGE).
 */
export function loadSecretsKey(env: NodeJS.ProcessEnv, config: { databaseUrl: string | undefined; dataDir: string }): LoadedSecretsKey {
  const text = env.SECRETS_KEY || undefined;
  const file = env.SECRETS_KEY_FILE || undefined;
  if (text !== undefined && file !== undefined)
    throw new SecretsKeyRefusal('Refused to start: give one of SECRETS_KEY and SECRETS_KEY_FILE, not both.');
  if (text !== undefined) return { key: secretsKeyFrom(text, 'SECRETS_KEY'), source: 'SECRETS_KEY' };
  if (file !== undefined) return { key: secretsKeyFrom(readKeyFile(file, 'SECRETS_KEY_FILE'), `SECRETS_KEY_FILE ${file}`), source: file };
  if (config.databaseUrl !== undefined) throw new SecretsKeyRefusal(NO_KEY_MESSAGE);
  const demoFile = join(config.dataDir, DEMO_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // Made only when absent ('wx'): two starts at once keep the first one's key.
    writeFileSync(demoFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return { key: secretsKeyFrom(readKeyFile(demoFile, 'The demo key file'), demoFile), source: demoFile, created: demoFile };
  } catch (error) {
    if (error instanceof SecretsKeyRefusal || (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return { key: secretsKeyFrom(readKeyFile(demoFile, 'The demo key file'), demoFile), source: demoFile };
}

function readKeyFile(path: string, label: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new SecretsKeyRefusal(
      `Refused to start: cannot read ${label} ${path} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}).`,
    );
  }
}

let installed: SecretsKey | undefined;

/** Sets the process's key (the start and the scripts, once; the tests' setup). */
export function useSecretsKey(key: SecretsKey): void {
  installed = key;
}

function current(): SecretsKey {
  if (!installed) throw new Error('no secrets key in this process (useSecretsKey is called at start)');
  return installed;
}

/** Whether a stored value is sealed (else it is a clear one of before the key, migration 0065). */
export const isSealed = (stored: string) => stored.startsWith(SEALED);

/** Seals a secret for its place (`context`: the table and the row's key, e.g. `site_platforms:acme`). */
export function sealSecret(clear: string, context: string): string {
  const { id, key } = current();
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${SEALED}${id}:${nonce.toString('base64url')}:${body.toString('base64url')}`;
}

/**
 * The secret of a stored value at its place. A value sealed under another key, or one that does
 * not open (changed, or moved from another row), throws SecretsKeyRefusal; a clear one of before
 * the key is answered as it is.
 */
export function openSecret(stored: string, context: string): string {
  if (stored.startsWith(CLEAR)) return stored.slice(CLEAR.length);
  const { id, key } = current();
  const [keyId = '', nonce = '', body = ''] = stored.startsWith(SEALED) ? stored.slice(SEALED.length).split(':') : [];
  if (keyId !== id) {
    throw new SecretsKeyRefusal(
      keyId === ''
        ? `The stored secret of ${context} is in no known form.`
        : `The secrets in the database are sealed with key ${keyId}, and this process has key ${id}: ` +
            'give it the key the database was sealed with (SECRETS_KEY or SECRETS_KEY_FILE; docs/operations.md, "Secrets key").',
    );
  }
  const sealed = Buffer.from(body, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretsKeyRefusal(`The stored secret of ${context} does not open with key ${id}: it was changed or copied from another row.`);
  }
}
