import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** The PostgreSQL server to bench on, if any: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export function postgresAdminUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

/** "postgres://u@h:5432/postgres" -> "postgres://***@h:5432/postgres" */
export function maskUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on that server; the gateway migrates and seeds it on start. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `credit_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
