import { randomBytes } from 'node:crypto';
import type { Database } from './db/database';
import { sql } from './db/sql';
import { isSealed, openSecret, sealSecret } from './secrets-key';

/** Where each stored secret is sealed for (its additional data): a value copied to another row does not open there. */
export const platformSecretContext = (siteId: string) => `site_platforms:${siteId}`;
export const signingKeyContext = (name: string) => `signing_keys:${name}`;

/** The gateways' own signing keys (signing_keys), each 32 random bytes: the previews' (kernel/preview-token.ts). */
export const SIGNING_KEYS = ['preview'] as const;

/**
 * Run at every start after the migrations, with the process's key (useSecretsKey): every sealed
 * secret must open with it, else SecretsKeyRefusal (a wrong key starts nothing); every clear one
 * (stored before the key: migration 0065 marks them `clear:`) is sealed, and a missing signing key
 * made. Answers how many values it sealed or made.
 * Under row locks, so two processes starting together seal each value once.
 */
export async function sealStoredSecrets(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    let sealed = 0;
    const platforms = await tx.rows<{ site_id: string; secret: string | null; secret_old: string | null }>(
      sql`SELECT site_id, secret, secret_old FROM site_platforms WHERE secret IS NOT NULL OR secret_old IS NOT NULL ORDER BY site_id FOR UPDATE`,
    );
    for (const row of platforms) {
      const context = platformSecretContext(row.site_id);
      // Opened first, sealed or not: a value under another key refuses the start here.
      const reseal = (value: string | null) => (value === null ? null : sealSecret(openSecret(value, context), context));
      const secret = reseal(row.secret);
      const old = reseal(row.secret_old);
      if ([row.secret, row.secret_old].every((value) => value === null || isSealed(value))) continue;
      await tx.run(sql`UPDATE site_platforms SET secret = ${secret}, secret_old = ${old} WHERE site_id = ${row.site_id}`);
      sealed += 1;
    }
    // Every signing key must open too; one missing (a fresh database: migration 0065 drops the clear
    // ones) is made here from the CSPRNG, sealed before it is ever written.
    const keys = await tx.rows<{ name: string; key: string }>(sql`SELECT name, key FROM signing_keys ORDER BY name FOR UPDATE`);
    for (const row of keys) openSecret(row.key, signingKeyContext(row.name));
    for (const name of SIGNING_KEYS.filter((name) => !keys.some((row) => row.name === name))) {
      const key = sealSecret(randomBytes(32).toString('base64'), signingKeyContext(name));
      sealed += await tx.run(sql`INSERT INTO signing_keys (name, key) VALUES (${name}, ${key}) ON CONFLICT (name) DO NOTHING`);
    }
    return sealed;
  });
}
