import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

function installedVersion(name: string): string {
  // pg-protocol exports no package.json: found beside its entry's folder.
  const entry = require.resolve(name);
  let folder = dirname(entry);
  while (!folder.endsWith(join('node_modules', name))) folder = dirname(folder);
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

describe('PgliteConnection', () => {
  // It stands where node-postgres expects its socket connection and reads and writes the fields
  // that connection has, so it holds only for the client it was written and measured against
  // (tests/gateway/database.test.ts runs it on PGlite in every run; `npm run bench -- connection`
  // shows what it saves over PGlite's own adapter). A new minor of either needs both again, then
  // a new line here.
  it('is used with the node-postgres and pg-protocol it was written for', () => {
    expect(installedVersion('pg')).toMatch(/^8\.23\./);
    expect(installedVersion('pg-protocol')).toMatch(/^1\.16\./);
  });
});
