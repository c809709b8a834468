import { sql } from '../../server/kernel/db/sql';
import { systemClock } from '../../server/kernel/clock';
import type { Database } from '../../server/kernel/db/database';
import { buildApp } from '../../server/gateway/http/app';
import { createSession } from '../../server/kernel/session.store';
import { sealStoredSecrets } from '../../server/kernel/stored-secrets';
import { useTestSecretsKey } from '../support/secrets-key';

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/** The value at percent `p` of ascending `sorted` times. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** The gateway on `db` as `npm start` runs it (its secrets sealed with the tests' key, as the start does), quiet, for calls through `inject`. */
export async function benchApp(db: Database): Promise<BenchApp> {
  useTestSecretsKey();
  await sealStoredSecrets(db);
  return buildApp({ db, clock: systemClock, config: { trustProxy: false, logLevel: 'silent', captcha: false, loginIpLimit: 50 } });
}

/** A fresh session of a demo-site account. */
export async function benchSession(db: Database, loginId: string): Promise<string> {
  const account = await db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`);
  if (!account) throw new Error(`no demo account ${loginId}`);
  return createSession(db, { siteId: 'demo', accountId: String(account.id), now: new Date() });
}

export interface GatewayCall {
  method: string;
  params: Record<string, unknown>;
  /** False when the answer is not the one the bench means to time (the run then stops with it). */
  check: (result: { total: number; list: unknown[] } | undefined) => boolean;
}

/**
 * Server time of one gateway call through `inject` (parse, rights, query, answer), repeated
 * `runs` times after `warmUp` untimed calls; ascending milliseconds.
 */
export async function timeGatewayCall(app: BenchApp, call: GatewayCall, runs: number, warmUp: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs + warmUp; run++) {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: call.method, params: call.params }),
    });
    const answer = JSON.parse(response.body) as { result?: { total: number; list: unknown[] } };
    if (!call.check(answer.result)) throw new Error(`unexpected answer to ${call.method}: ${response.body.slice(0, 200)}`);
    if (run >= warmUp) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
