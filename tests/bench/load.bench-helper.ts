import autocannon from 'autocannon';

export const CONNECTIONS = 10;
export const DURATION_SECONDS = 9;
const WARM_UP_SECONDS = 2;

export interface LoadTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** True when a response body is the expected answer (else counted as a mismatch). */
  bodyIsGood(body: string): boolean;
}

export interface LoadResult {
  target: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  status200: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  badBodies: number;
}

function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** (a) One JSON-RPC call of the gateway: the site template (a site lookup plus the answer). */
export const gatewayRead: LoadTarget = {
  name: 'POST /api gw.credit.sn.template.get',
  method: 'POST',
  path: '/api',
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'gw.credit.sn.template.get', params: { ztsLang: 'zh' } }),
  headers: { 'content-type': 'application/json' },
  bodyIsGood: (body) => {
    const answer = parseJson(body);
    return answer !== undefined && answer.result !== undefined && answer.error === undefined;
  },
};

/** (b) The bare route: GET /api/health, one indexed read of the site by Host. */
export const bareRoute: LoadTarget = {
  name: 'GET /api/health',
  method: 'GET',
  path: '/api/health',
  bodyIsGood: (body) => parseJson(body)?.ok === true,
};

function run(baseUrl: string, target: LoadTarget, seconds: number) {
  return autocannon({
    url: `${baseUrl}${target.path}`,
    method: target.method,
    ...(target.body === undefined ? {} : { body: target.body }),
    ...(target.headers === undefined ? {} : { headers: target.headers }),
    connections: CONNECTIONS,
    duration: seconds,
    verifyBody: (body) => target.bodyIsGood(String(body ?? '')),
  });
}

export async function warmUp(baseUrl: string, targets: LoadTarget[]): Promise<void> {
  for (const target of targets) await run(baseUrl, target, WARM_UP_SECONDS);
}

export async function measure(baseUrl: string, target: LoadTarget): Promise<LoadResult> {
  const result = await run(baseUrl, target, DURATION_SECONDS);
  return {
    target: target.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    status200: result.statusCodeStats?.['200']?.count ?? 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    badBodies: result.mismatches,
  };
}

/** Every response was a 200 with the expected body, and nothing failed on the wire. */
export function allGood(result: LoadResult): boolean {
  return result.total > 0 && result.status200 === result.total && result.non2xx === 0 && result.errors === 0 && result.badBodies === 0;
}
