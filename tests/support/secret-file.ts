import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A file holding a secret, readable by this user only, as an operator passes one to `--secret-file`. */
export function secretFile(secret: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'credit-secret-'));
  const file = join(folder, 'secret');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(folder, 0o700);
  return file;
}
