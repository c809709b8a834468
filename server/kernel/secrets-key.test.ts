import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_KEY_FILE,
  loadSecretsKey,
  NO_KEY_MESSAGE,
  openSecret,
  sealSecret,
  secretsKeyFrom,
  SecretsKeyRefusal,
  useSecretsKey,
} from './secrets-key';

const KEY = 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const OTHER = 'ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=';
const folder = mkdtempSync(join(tmpdir(), 'credit-secrets-key-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the secrets key', () => {
  it('seals each value with a nonce of its own and opens it at its own place only', () => {
    useSecretsKey(secretsKeyFrom(KEY, 'test'));
    const a = sealSecret('a platform secret', 'site_platforms:acme');
    const b = sealSecret('a platform secret', 'site_platforms:acme');
    expect(a).toMatch(/^sealed:v1:[0-9a-f]{16}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('platform secret');
    expect(openSecret(a, 'site_platforms:acme')).toBe('a platform secret');
    // Copied to another row, or changed by one character: it does not open.
    expect(() => openSecret(a, 'site_platforms:other')).toThrow(SecretsKeyRefusal);
    const body = a.slice(-4);
    const changed = a.slice(0, -4) + (body[0] === 'A' ? 'B' : 'A') + body.slice(1);
    expect(() => openSecret(changed, 'site_platforms:acme')).toThrow(/does not open/);
    // A clear value of before the key is answered as it is (the start seals it).
    expect(openSecret('clear:old one', 'site_platforms:acme')).toBe('old one');
  });

  it('tells a value sealed with another key by its key id', () => {
    useSecretsKey(secretsKeyFrom(KEY, 'test'));
    const sealed = sealSecret('x', 'signing_keys:preview');
    useSecretsKey(secretsKeyFrom(OTHER, 'test'));
    expect(() => openSecret(sealed, 'signing_keys:preview')).toThrow(
      `The secrets in the database are sealed with key ${secretsKeyFrom(KEY, 't').id}, and this process has key ${secretsKeyFrom(OTHER, 't').id}`,
    );
  });

  it('reads SECRETS_KEY or SECRETS_KEY_FILE, refuses a malformed key, both at once, or none with DATABASE_URL', () => {
    const config = { databaseUrl: 'postgres://db/office', dataDir: folder };
    expect(loadSecretsKey({ SECRETS_KEY: KEY }, config).key.id).toBe(secretsKeyFrom(KEY, 't').id);
    const file = join(folder, 'key');
    writeFileSync(file, `${OTHER}\n`, { mode: 0o600 });
    expect(loadSecretsKey({ SECRETS_KEY_FILE: file }, config)).toMatchObject({ key: { id: secretsKeyFrom(OTHER, 't').id }, source: file });
    expect(() => loadSecretsKey({ SECRETS_KEY: 'c2hvcnQ=' }, config)).toThrow(/SECRETS_KEY is not a key: 32 bytes in base64/);
    expect(() => loadSecretsKey({ SECRETS_KEY: KEY, SECRETS_KEY_FILE: file }, config)).toThrow(/not both/);
    expect(() => loadSecretsKey({ SECRETS_KEY_FILE: join(folder, 'none') }, config)).toThrow(/cannot read SECRETS_KEY_FILE .* \(ENOENT\)/);
    expect(() => loadSecretsKey({}, config)).toThrow(NO_KEY_MESSAGE);
  });

  it('makes the embedded demo its key file once, readable by this user only', () => {
    const dataDir = join(folder, 'data');
    const first = loadSecretsKey({}, { databaseUrl: undefined, dataDir });
    const path = join(dataDir, DEMO_KEY_FILE);
    expect(first.created).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = loadSecretsKey({}, { databaseUrl: undefined, dataDir });
    expect(again.created).toBeUndefined();
    expect(again.key.id).toBe(first.key.id);
    expect(secretsKeyFrom(readFileSync(path, 'utf8'), 't').id).toBe(first.key.id);
  });
});
