import { spawn } from 'node:child_process';

/**
 * Runs one of PostgreSQL's own tools (pg_dump, pg_restore) on the database at `url`. The
 * password goes in PGPASSWORD, not on the command line, where any user of the machine could
 * read it in the process list. Answers the tool's standard output; a failure throws with its
 * standard error.
 */
export function runPostgresTool(tool: 'pg_dump' | 'pg_restore', url: string, args: readonly string[]): Promise<Buffer> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${parsed.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${tool} could not run (${error.message}): install the PostgreSQL client tools`)));
    child.on('exit', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${tool} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** The migrations recorded in a pg_dump custom-format file (its schema_migrations rows), read with pg_restore. */
export function dumpedMigrations(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_restore', ['--data-only', '--table=schema_migrations', '--file=-', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) => reject(new Error(`pg_restore could not run (${error.message}): install the PostgreSQL client tools`)));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`pg_restore could not read ${file} (exit ${code}): ${errors.trim()}`));
      // COPY's text format: one row a line between the COPY statement and "\.".
      const copy = /^COPY [^\n]*schema_migrations \(name[^\n]*FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(out);
      resolve(
        copy
          ? copy[1]!
              .split('\n')
              .filter(Boolean)
              .map((line) => line.split('\t')[0]!)
          : [],
      );
    });
  });
}
