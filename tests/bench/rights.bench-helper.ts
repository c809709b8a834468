import { measure, warmUp, type LoadResult, type LoadTarget } from './load.bench-helper';

/** The demo company and its clerk (codes 1, 5, 6; server/seed/demo.seed.ts), signed in without a captcha. */
const MAIN_LOGIN = 'admin';
const SUB_LOGIN = 'adminclerk';

async function signIn(url: string, loginId: string): Promise<string> {
  const response = await fetch(`${url}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'gw.credit.agent.login',
      params: { loginId, password: 'Admin123', safeCode: '1234' },
    }),
  });
  const answer = (await response.json()) as { result?: { sessionId: string }; error?: { code: number } };
  if (!answer.result) throw new Error(`sign-in of ${loginId} refused with ${answer.error?.code}`);
  return answer.result.sessionId;
}

/** One read both may call (the main account's direct children, code 1), as one session. */
function listRead(who: string, opsId: string): LoadTarget {
  return {
    name: `POST /api gw.credit.agent.query as ${who}`,
    method: 'POST',
    path: '/api',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'gw.credit.agent.query', params: { opsId, pageSize: 20 } }),
    headers: { 'content-type': 'application/json' },
    bodyIsGood: (body) => body.includes('"result"') && !body.includes('"error"'),
  };
}

export interface RightsBenchResult {
  main: LoadResult;
  sub: LoadResult;
}

/**
 * The cost of a sub-account's right check: the same read as the main account and as its clerk,
 * on one running server (started with CAPTCHA=off), measured main, sub, main, sub; the better
 * run of each counts, so a passing disturbance does not decide the ratio.
 */
export async function benchRights(url: string): Promise<RightsBenchResult> {
  const main = listRead(`the main account (${MAIN_LOGIN})`, await signIn(url, MAIN_LOGIN));
  const sub = listRead(`a sub-account (${SUB_LOGIN})`, await signIn(url, SUB_LOGIN));
  await warmUp(url, [main, sub]);
  const runs = { main: [] as LoadResult[], sub: [] as LoadResult[] };
  for (let round = 0; round < 2; round++) {
    runs.main.push(await measure(url, main));
    runs.sub.push(await measure(url, sub));
  }
  const best = (results: LoadResult[]) => results.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  return { main: best(runs.main), sub: best(runs.sub) };
}
