import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { RpcAnswer, TestGateway } from '../support/test-gateway';

/**
 * The product a path runs against: a gateway reached over HTTP. The embedded one (started by the
 * tool on a fresh copy of the seeded database, on the real clock) also lets a runner set up what
 * the world does (a site under maintenance, an account that must change its password) through
 * its database; a staging site (`--base`) only through its gateway.
 */
export interface Product {
  url: string;
  call(method: string, params?: Record<string, unknown>): Promise<RpcAnswer>;
  /** A signed-in session of an account of the demo site (the company "admin", the agent "ma01"). */
  session(loginId: string): Promise<string>;
  /** Signs in as a person does (the embedded product reads the captcha from its database). */
  login(loginId: string, password?: string): Promise<RpcAnswer>;
  /** The embedded product only. */
  embedded?: TestGateway;
  /** A Chromium already running (an end-to-end file's); else a browser runner starts its own. */
  browser?: Browser;
  close(): Promise<void>;
}

let next = 1;

/** A running product at `base`: sessions are signed in with PATHS_PASSWORD and PATHS_SAFE_CODE (the site's captcha must be off). */
export function remoteProduct(base: string): Product {
  const url = base.replace(/\/$/, '');
  const call: Product['call'] = async (method, params = {}) => {
    const res = await fetch(`${url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: next++, method, params }),
    });
    return (await res.json()) as RpcAnswer;
  };
  const login: Product['login'] = (loginId, password = process.env.PATHS_PASSWORD ?? 'Admin123') =>
    call('gw.credit.agent.login', { loginId, password, safeCode: process.env.PATHS_SAFE_CODE ?? '1234' });
  const sessions = new Map<string, string>();
  return {
    url,
    call,
    login,
    async session(loginId) {
      if (!sessions.has(loginId)) {
        const answer = await login(loginId);
        if (answer.error) throw new Error(`cannot sign in ${loginId} at ${url}: ${answer.error.code} ${answer.error.message}`);
        sessions.set(loginId, (answer.result as { sessionId: string }).sessionId);
      }
      return sessions.get(loginId)!;
    },
    close: async () => undefined,
  };
}

/** The product on a fresh embedded (PGlite) database, on the real clock; the seeded snapshot is prepared on first use. */
export async function embeddedProduct(options: { webRoot?: string } = {}): Promise<Product> {
  const { preparePgliteSnapshot, snapshotFile } = await import('../support/test-database');
  if (!existsSync(snapshotFile)) await preparePgliteSnapshot();
  const { startTestGateway } = await import('../support/test-gateway');
  const gw = await startTestGateway({ realTime: true, ...(options.webRoot ? { webRoot: options.webRoot } : {}) });
  return { ...productOf(gw), close: () => gw.close() };
}

/** A product around a gateway already started (an end-to-end file's, serving the built app). */
export function productOf(gw: TestGateway, browser?: Browser): Product {
  return {
    ...(browser ? { browser } : {}),
    url: gw.url,
    call: (method, params) => gw.call(method, params),
    session: (loginId) => gw.sessionFor(loginId),
    login: (loginId, password) => gw.login(loginId, password ? { password } : {}),
    embedded: gw,
    close: async () => undefined,
  };
}
