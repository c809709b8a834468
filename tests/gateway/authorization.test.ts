import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountMethods } from '../../contract/account.contract';
import { contract, type MethodName } from '../../contract/methods.contract';
import { allAccessCodes } from '../../contract/auth.contract';
import { startTestGateway, type TestGateway } from '../support/test-gateway';
import { authorizationMatrix, financeMatrix, otherAccountMatrix, type Actor } from './authorization.matrix';

let gw: TestGateway;
const idOf = async (loginId: string, siteId = 'demo') =>
  String((await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND login_id = ${loginId}`))!.id);

/** Each kind of caller: who calls, on which host, and on whom. */
const actors: Record<Actor, { caller: string; site: string; host: string; target: string }> = {
  level0: { caller: 'admin', site: 'demo', host: 'localhost', target: 'ma03' },
  level1: { caller: 'ma03', site: 'demo', host: 'localhost', target: 'sh0301' },
  level2: { caller: 'sh0301', site: 'demo', host: 'localhost', target: 'ga030101' },
  level3: { caller: 'ga030101', site: 'demo', host: 'localhost', target: 'ag03010101' },
  level4: { caller: 'ag03010101', site: 'demo', host: 'localhost', target: 'mb03010101001' },
  notDirectParent: { caller: 'admin', site: 'demo', host: 'localhost', target: 'sh0301' },
  otherLine: { caller: 'ma02', site: 'demo', host: 'localhost', target: 'sh0301' },
  otherSite: { caller: 'admin2', site: 'demo2', host: 'demo2.localhost', target: 'sh0301' },
};

let created = 0;
function paramsFor(method: string, target: string, targetLogin: string): Record<string, unknown> {
  if (method.includes('search.tips')) return { keyword: targetLogin.slice(0, 3) };
  if (method === 'gw.credit.account.search') return { loginId: targetLogin };
  if (method === 'gw.credit.agent.query' || method === 'gw.credit.user.query') return { parentId: target };
  if (method === 'gw.credit.agent.export' || method === 'gw.credit.user.export') return { parentId: target, format: 'csv' };
  if (method === 'gw.credit.agent.statistics.query') return { parentId: target };
  if (method === 'gw.credit.user.area.code.get' || method === 'gw.credit.currency.list' || method === 'gw.credit.limitation.list')
    return {};
  if (method.endsWith('profile.edit')) return { userId: target, nickname: 'edited nick' };
  if (method === 'gw.credit.user.password.reset') return { userId: target, password: 'Reset_123' };
  if (method === 'gw.credit.user.device.switch.set') return { userId: target, device: 'app', enabled: false };
  if (method === 'gw.credit.user.all.enable' || method === 'gw.credit.user.all.disable') return { userIds: [target] };
  if (method === 'gw.credit.user.add.batch') {
    created++;
    return { prefix: `azb${created}x`, count: 1, password: 'Authz_123', pointLimit: 1 };
  }
  if (method === 'gw.credit.agent.add' || method === 'gw.credit.user.add') {
    created++;
    return {
      loginId: `authz${String(created).padStart(3, '0')}`,
      nickname: 'authz new',
      password: 'Authz_123',
      pointLimit: 1,
      agentCommisionRate: 1,
      validAmountRate: 0,
    };
  }
  return { userId: target };
}

/** The finished job's only per-account result (none for an export: it failed or not). */
async function waitForJob(opsId: string, jobId: string, host: string): Promise<{ error?: { code: number } }> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = await gw.call('gw.credit.job.get', { opsId, jobId }, { host });
    const job = answer.result as { status: string; results: { error?: { code: number } }[] };
    if (job.status === 'done' || job.status === 'failed') return job.results[0] ?? (job.status === 'done' ? {} : { error: { code: -1 } });
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/**
 * A job for job.get: the level actors read one they started themselves; the others try one
 * that ma03 (in admin's line, outside ma02's and the other site's) started.
 */
async function jobOf(actor: Actor): Promise<string> {
  const own = actor.startsWith('level');
  const who = own ? actors[actor] : actors.level1;
  const opsId = await gw.sessionFor(who.caller, who.site);
  const answer = await gw.call('gw.credit.user.all.disable', { opsId, userIds: [await idOf(who.target)] }, { host: who.host });
  const jobId = (answer.result as { jobId: string }).jobId;
  // Ended before the next caller's statuses are reset: a job still running would disable that caller after the reset.
  await waitForJob(opsId, jobId, who.host);
  return jobId;
}

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
});
afterAll(async () => {
  await gw.close();
});
// Every account back to open before each caller, writing only the rows a call changed: the
// seeded demo has thousands, and rewriting all of them before each of some 600 calls was most of this file's time.
const resetStatuses = () =>
  gw.db.run(
    sql`UPDATE accounts SET status = 1, team_status = 1, bet_paused = false, bet_stopped = false, exception_marked = false, win_blocked = login_id LIKE 'mb%', force_pwd_update = false
         WHERE status <> 1 OR team_status <> 1 OR bet_paused OR bet_stopped OR exception_marked OR win_blocked <> (login_id LIKE 'mb%') OR force_pwd_update`,
  );
beforeEach(resetStatuses);

describe('authorization matrix of the account methods', () => {
  it('has a row for every account method of the contract, and every row names every kind of caller', () => {
    // A member's device switches act on one account like the account methods do.
    const accountActing = [...Object.keys(accountMethods), 'gw.credit.user.device.switch.get', 'gw.credit.user.device.switch.set'];
    expect(Object.keys(authorizationMatrix).sort()).toEqual(accountActing.sort());
    for (const row of Object.values(authorizationMatrix)) expect(Object.keys(row).sort()).toEqual(Object.keys(actors).sort());
  });

  for (const [method, row] of Object.entries(authorizationMatrix)) {
    it(method, async () => {
      const outcomes: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const [actor, want] of Object.entries(row) as [Actor, (typeof row)[Actor]][]) {
        if (want === 'n/a') continue;
        await resetStatuses();
        const who = actors[actor];
        const opsId = await gw.sessionFor(who.caller, who.site);
        // Kick out has something to do only for a target with a live session (else 20050).
        if (method === 'gw.credit.user.logout') await gw.sessionFor(who.target);
        const answer =
          method === 'gw.credit.job.get'
            ? await gw.call(method, { opsId, jobId: await jobOf(actor) }, { host: who.host })
            : await gw.call(method, { opsId, ...paramsFor(method, await idOf(who.target), who.target) }, { host: who.host });
        outcomes[actor] = answer.error ? answer.error.code : 'ok';
        // A bulk call answers a job: its one account's outcome is what the matrix states.
        if (!answer.error && method !== 'gw.credit.job.get' && 'jobId' in (answer.result as object)) {
          const result = await waitForJob(opsId, (answer.result as { jobId: string }).jobId, who.host);
          outcomes[actor] = result.error ? result.error.code : 'ok';
        }
        // Search never reaches outside the caller's line: what another line or site holds is not found.
        if (method === 'gw.credit.account.search' && !answer.error) {
          const found = (answer.result as { list: unknown[] }).list.length;
          expect(found, `${actor} finds ${who.target}`).toBe(actor === 'otherLine' || actor === 'otherSite' ? 0 : 1);
        }
        expected[actor] = want;
      }
      expect(outcomes).toEqual(expected);
    });
  }
});

/** Params a main-account-only method accepts (rights are checked after the params). */
const subAccountId = '1';
const mainOnlyParams: Partial<Record<MethodName, Record<string, unknown>>> = {
  'gw.credit.score.issue': { amount: '1' },
  'gw.credit.subaccount.add': { safeCode: '1234', loginId: 'authzmain', nickname: 'main only', password: 'Authz_123', accessCode: '1' },
  'gw.credit.subaccount.update': { safeCode: '1234', subAccountId, nickname: 'main only' },
  'gw.credit.subaccount.access.code.update': { safeCode: '1234', subAccountId, accessCode: '1' },
  'gw.credit.subaccount.disable': { subAccountId },
  'gw.credit.subaccount.enable': { subAccountId },
  'gw.credit.subaccount.delete': { safeCode: '1234', subAccountId },
  'gw.credit.subaccount.logout': { subAccountId },
  'gw.credit.game.switch': { gameCode: 'baccarat', open: true },
  'gw.credit.sys.setting': { safeCode: '1234', warningSwitch: false },
};

describe('rights the dispatcher reads from the contract besides levels and access codes', () => {
  const mainOnly = (Object.keys(contract) as MethodName[]).filter((method) => {
    const rights = (contract[method] as { rights?: { mainOnly?: boolean } }).rights;
    return rights?.mainOnly === true;
  });

  it('refuses a main-account-only method (issuance) to a sub-account session with 11003, and lets the main account call it', async () => {
    expect(mainOnly).toContain('gw.credit.score.issue');
    await gw.addSubAccount({ loginId: 'authzall', main: 'admin', accessCodes: allAccessCodes });
    for (const method of mainOnly) {
      const main = await gw.sessionFor('admin');
      const sub = await gw.sessionForSub('authzall');
      const params = mainOnlyParams[method] ?? {};
      expect((await gw.call(method, { opsId: sub, ...params })).error?.code, method).toBe(11003);
      expect((await gw.call(method, { opsId: main, ...params })).error?.code, method).not.toBe(11003);
    }
  });
});

/**
 * Methods that need an access code outside the accounts capability: the caller (a level actor
 * whose main account succeeds) and the params of a call that succeeds.
 */
const otherCodedCalls: Record<string, { actor: Actor; params: (target: string) => Record<string, unknown>; expected?: number }> = {
  'gw.credit.user.score.up': { actor: 'level0', params: (userId) => ({ userId, amount: '0.01' }) },
  'gw.credit.user.score.down': { actor: 'level0', params: (userId) => ({ userId, amount: '0.01' }) },
  'gw.credit.user.score.preview': { actor: 'level0', params: (userId) => ({ direction: 'up', userId, amount: '0.01' }) },
  'gw.credit.score.log.query': { actor: 'level0', params: () => ({}) },
  'gw.credit.score.log.export': { actor: 'level0', params: () => ({ format: 'csv' }) },
  'gw.credit.balance.asof': { actor: 'level0', params: (userId) => ({ userId, at: new Date().toISOString() }) },
  'gw.credit.balance.asof.page': { actor: 'level0', params: (userId) => ({ userIds: [userId], at: new Date().toISOString() }) },
  'gw.credit.agent.to.company.acc.reset': { actor: 'level0', params: (userId) => ({ userId }) },
  'gw.credit.agent.to.company.acc.reset.preview': { actor: 'level0', params: (userId) => ({ userId }) },
  'gw.credit.operation.record.query': { actor: 'level0', params: () => lastDay() },
  'gw.credit.ip.check': { actor: 'level0', params: () => lastDay() },
  'gw.credit.login.log.query': { actor: 'level0', params: (userId) => ({ ...lastDay(), userId }) },
  'gw.credit.bet.query': { actor: 'level0', params: () => lastDay() },
  'gw.credit.bet.onsite.query': { actor: 'level0', params: () => ({}) },
  // Past the rights check, there is no such bet (the detail has tests of its own).
  'gw.credit.bet.detail': { actor: 'level0', params: () => ({ orderId: '999999999' }), expected: 20049 },
  'gw.credit.game.result.query': { actor: 'level0', params: () => lastDay() },
  'gw.credit.bet.export': { actor: 'level0', params: () => ({ ...lastDay(), format: 'csv' }) },
  'gw.credit.transfer.query': { actor: 'level0', params: (userId) => ({ userId }) },
  'gw.credit.player.game.log': { actor: 'level4', params: (userId) => ({ ...lastDay(), userId }) },
  // Past the rights check, nothing is pending with this id (the repair path has tests of its own).
  'gw.credit.transfer.repair': { actor: 'level0', params: () => ({ transferId: 'none-pending' }), expected: 37163 },
  'gw.credit.transfer.recall.preview': { actor: 'level4', params: (userId) => ({ userId }) },
  // Past the rights check, the member holds nothing at the platform (the recall has tests of its own).
  'gw.credit.transfer.recall': { actor: 'level4', params: (userId) => ({ userId }), expected: 37112 },
  // Past the rights check, a note over 500 characters (the exclusions have tests of their own).
  'gw.credit.user.exclusion.set': {
    actor: 'level4',
    params: (userId) => ({ userId, period: '24h', kind: 'time-out', reason: 'other', note: 'x'.repeat(501) }),
    expected: 100,
  },
  // Past the rights check, the member has no exclusion in force.
  'gw.credit.user.exclusion.lift': { actor: 'level4', params: (userId) => ({ userId }), expected: 20065 },
  'gw.credit.agent.list.total.report': { actor: 'level0', params: () => beijingToday() },
  'gw.credit.agent.daily.report': { actor: 'level0', params: () => beijingToday() },
  'gw.credit.player.list.total.report': { actor: 'level4', params: () => beijingToday() },
  'gw.credit.player.daily.report': { actor: 'level4', params: (userId) => ({ ...beijingToday(), userId }) },
  'gw.credit.player.summary.report': { actor: 'level4', params: (userId) => ({ ...beijingToday(), userId }) },
  'gw.credit.leaderboard.query': { actor: 'level0', params: () => beijingToday() },
  'gw.credit.trading.report': { actor: 'level0', params: () => beijingToday() },
  'gw.credit.bill.query': { actor: 'level0', params: () => ({}) },
  'gw.credit.statement.query': { actor: 'level0', params: () => ({}) },
  // Past the rights check, there is no such statement (reading them has tests of its own).
  'gw.credit.statement.get': { actor: 'level0', params: () => ({ statementId: '999999999' }), expected: 20049 },
  'gw.credit.statement.export': { actor: 'level0', params: () => ({ statementId: '999999999' }), expected: 20049 },
  'gw.credit.reconciliation.run.query': { actor: 'level0', params: () => ({}) },
  // Past the rights check, there is no such run or difference (the reconciliation has tests of its own).
  'gw.credit.reconciliation.difference.query': { actor: 'level0', params: () => ({ runId: '999999999' }), expected: 20049 },
  'gw.credit.reconciliation.difference.resolve': {
    actor: 'level0',
    params: () => ({ differenceId: '999999999', note: 'checked' }),
    expected: 20049,
  },
  'gw.credit.reconciliation.inflight.query': { actor: 'level0', params: () => ({}) },
  'gw.credit.reconciliation.run.start': { actor: 'level0', params: () => ({}) },
  'gw.credit.notice.page': { actor: 'level0', params: () => ({}) },
  'gw.credit.notice.add': { actor: 'level0', params: () => noticeDraft() },
  // Past the rights check, there is no such notice (the lifecycle has tests of its own).
  'gw.credit.notice.detail': { actor: 'level0', params: () => ({ noticeId: '999999999' }), expected: 20049 },
  'gw.credit.notice.update': { actor: 'level0', params: () => ({ noticeId: '999999999', ...noticeDraft() }), expected: 20049 },
  'gw.credit.notice.publish': { actor: 'level0', params: () => ({ noticeId: '999999999' }), expected: 20049 },
  'gw.credit.notice.revoke': { actor: 'level0', params: () => ({ noticeId: '999999999' }), expected: 20049 },
  'gw.credit.notice.delete': { actor: 'level0', params: () => ({ noticeId: '999999999' }), expected: 20049 },
  'gw.credit.game.notice.get': { actor: 'level0', params: () => ({}) },
  'gw.credit.game.notice.add': { actor: 'level0', params: () => ({ ...noticeDraft(), level: undefined, gameCodes: [] }) },
  'gw.credit.game.notice.update': {
    actor: 'level0',
    params: () => ({ ...noticeDraft(), level: undefined, noticeId: '999999999' }),
    expected: 20049,
  },
  'gw.credit.suggestion.page': { actor: 'level4', params: () => ({}) },
  'gw.credit.suggestion.count': { actor: 'level4', params: () => ({}) },
  'gw.credit.suggestion.read': { actor: 'level4', params: () => ({ suggestionId: '999999999' }), expected: 20049 },
  'gw.credit.suggestion.reply': { actor: 'level4', params: () => ({ suggestionId: '999999999', reply: 'ok' }), expected: 20049 },
  'gw.credit.exposure.query': { actor: 'level0', params: () => ({}) },
  'gw.credit.deal.record.query': { actor: 'level0', params: (userId) => ({ userId, ...lastDay() }) },
  'gw.credit.score.check.query': { actor: 'level0', params: () => ({}) },
  // Past the rights check, a serial that is no score operation is not in the review queue.
  'gw.credit.score.check.mark': { actor: 'level0', params: () => ({ serialNos: ['999999999'] }), expected: 20011 },
  'gw.credit.user.monitor.redpoint.count': { actor: 'level0', params: () => ({}) },
  'gw.credit.platform.health': { actor: 'level0', params: () => ({}) },
  'gw.credit.agent.to.company.limit.query': { actor: 'level0', params: () => ({}) },
  'gw.credit.user.monitor.query': { actor: 'level0', params: () => ({}) },
  'gw.credit.agent.monitor.query': { actor: 'level0', params: () => ({}) },
  'gw.credit.user.monitor.seen': { actor: 'level0', params: (userId) => ({ userId }) },
  'gw.credit.agent.monitor.add': { actor: 'level0', params: (userId) => ({ userId }) },
  'gw.credit.agent.monitor.delete': { actor: 'level0', params: (userId) => ({ userId }) },
  // Past the rights check, the company's target is an agent, not a member.
  'gw.credit.user.monitor.set': { actor: 'level0', params: (userId) => ({ userId, monitored: true }), expected: 20004 },
};

function noticeDraft() {
  const now = gw.clock.now().getTime();
  return {
    title: { zh: '权限', en: 'Rights', th: 'สิทธิ์' },
    content: { zh: '<p>权限</p>', en: '<p>Rights</p>', th: '<p>สิทธิ์</p>' },
    startTime: new Date(now).toISOString(),
    endTime: new Date(now + 86_400_000).toISOString(),
    level: null,
  };
}

/** Reports take whole Beijing days: today's. */
function beijingToday() {
  const day = 86_400_000;
  const start = Math.floor((gw.clock.now().getTime() + 8 * 3_600_000) / day) * day - 8 * 3_600_000;
  return { startTime: new Date(start).toISOString(), endTime: new Date(start + day).toISOString() };
}

function lastDay() {
  const end = gw.clock.now();
  return { startTime: new Date(end.getTime() - 86_400_000).toISOString(), endTime: new Date(end.getTime() + 60_000).toISOString() };
}

describe('sub-account principals: for every access code, each method that needs it', () => {
  const coded = (Object.keys(contract) as MethodName[]).filter((method) => {
    const rights = (contract[method] as { rights?: { accessCode?: number; mainOnly?: boolean } }).rights;
    return rights?.accessCode !== undefined && rights.mainOnly !== true;
  });
  const codeOf = (method: MethodName) => (contract[method] as { rights?: { accessCode?: number } }).rights!.accessCode!;

  it('covers every method that needs a code, and every code that methods need', () => {
    expect(coded.filter((method) => !(method in authorizationMatrix) && !(method in otherCodedCalls))).toEqual([]);
    expect(new Set(coded.map(codeOf)).size).toBeGreaterThanOrEqual(5);
  });

  let subs = 0;
  /** A sub-account of the caller holding these codes, signed in. 2-5 imply 1, so "without 1" holds none of 1-5. */
  async function subSession(caller: string, site: string, codes: readonly number[]) {
    const loginId = `authzs${String(++subs).padStart(3, '0')}`;
    await gw.addSubAccount({ loginId, main: caller, accessCodes: codes, siteId: site });
    return gw.sessionForSub(loginId, site);
  }

  async function outcome(method: MethodName, opsId: string, actor: Actor): Promise<unknown> {
    const who = actors[actor];
    const target = await idOf(who.target);
    const params = method in otherCodedCalls ? otherCodedCalls[method]!.params(target) : paramsFor(method, target, who.target);
    // As in the matrix: kick out has something to do only for a target with a live session.
    if (method === 'gw.credit.user.logout') await gw.sessionFor(who.target);
    const answer =
      method === 'gw.credit.job.get'
        ? await gw.call(method, { opsId, jobId: await jobOf(actor) }, { host: who.host })
        : await gw.call(method, { opsId, ...params }, { host: who.host });
    if (answer.error) return answer.error.code;
    if (method !== 'gw.credit.job.get' && answer.result && 'jobId' in (answer.result as object)) {
      const result = await waitForJob(opsId, (answer.result as { jobId: string }).jobId, who.host);
      return result.error ? result.error.code : 'ok';
    }
    return 'ok';
  }

  /** A level whose main account passes the method's rights check. */
  function actorOf(method: MethodName): Actor {
    const row = authorizationMatrix[method];
    return row
      ? (['level0', 'level1', 'level2', 'level3', 'level4'] as const).find((level) => row[level] !== 11003)!
      : otherCodedCalls[method]!.actor;
  }

  it('checks rights before params: a clerk without the code gets 11003 for params every method refuses, never 100 or 700', async () => {
    const refusedParams = { userId: [], amount: {}, pageSize: 'many', startTime: 'yesterday', format: 'doc', notAParam: true };
    const sessions = new Map<string, string>();
    const answered: string[] = [];
    for (const method of coded) {
      const who = actors[actorOf(method)];
      const key = `${who.caller}@${who.site}`;
      if (!sessions.has(key)) sessions.set(key, await subSession(who.caller, who.site, []));
      const answer = await gw.call(method, { opsId: sessions.get(key)!, ...refusedParams }, { host: who.host });
      if (answer.error?.code !== 11003) answered.push(`${method}: ${answer.error?.code ?? 'a result'}`);
    }
    expect(answered).toEqual([]);
  });

  for (const method of coded) {
    it(`${method} (code ${codeOf(method)})`, async () => {
      const code = codeOf(method);
      // A level whose main account passes the rights check; with the code, the sub-account gets what it gets.
      const row = authorizationMatrix[method];
      const actor = actorOf(method);
      expect(actor, 'a level whose main account may call it').toBeDefined();
      const mainOutcome = row ? row[actor] : (otherCodedCalls[method]!.expected ?? 'ok');
      const who = actors[actor];
      await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
      const lacking = allAccessCodes.filter((held) => held !== code && !(code === 1 && [2, 3, 4, 5].includes(held)));
      await resetStatuses();
      expect(await outcome(method, await subSession(who.caller, who.site, lacking), actor), 'without the code').toBe(11003);
      await resetStatuses();
      expect(await outcome(method, await subSession(who.caller, who.site, [code]), actor), 'with the code').toBe(mainOutcome);
    });
  }
});

describe('finance hidden from agents: one rule in the method rights, whatever the path', () => {
  const levelActors = ['level0', 'level1', 'level2', 'level3', 'level4'] as const;
  const hideFinance = (hidden: boolean) => gw.db.run(sql`UPDATE sites SET finance_visible = ${!hidden} WHERE id = 'demo'`);

  it('lists every method the contract declares finance, and only those', () => {
    const declared = (Object.keys(contract) as MethodName[]).flatMap((method) => {
      const rights = (contract[method] as { rights?: { finance?: boolean; financeRows?: boolean } }).rights;
      return rights?.finance ? [[method, 'method']] : rights?.financeRows ? [[method, 'rows']] : [];
    });
    expect(Object.fromEntries(declared)).toEqual(financeMatrix);
  });

  const refused = Object.entries(financeMatrix).filter(([, covers]) => covers === 'method');
  for (const [method] of refused) {
    it(`${method}: refused to levels 1-4 (11003) while finance is hidden, never to the company`, async () => {
      await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
      const outcomes = async () => {
        const seen: Record<string, unknown> = {};
        for (const actor of levelActors) {
          await resetStatuses();
          const who = actors[actor];
          const params = otherCodedCalls[method]!.params(await idOf(who.target));
          const answer = await gw.call(method, { opsId: await gw.sessionFor(who.caller, who.site), ...params }, { host: who.host });
          seen[actor] = answer.error?.code === 11003 ? 11003 : 'answered';
        }
        return seen;
      };
      await hideFinance(true);
      try {
        expect(await outcomes()).toEqual({ level0: 'answered', level1: 11003, level2: 11003, level3: 11003, level4: 11003 });
      } finally {
        await hideFinance(false);
      }
      expect(await outcomes()).toEqual(Object.fromEntries(levelActors.map((actor) => [actor, 'answered'])));
    });
  }

  it("gw.credit.operation.record.query: leaves an agent's score operations out while finance is hidden, not the rest, nor the company's view", async () => {
    await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
    await resetStatuses();
    const ma03 = await gw.sessionFor('ma03');
    const target = await idOf('sh0301');
    await gw.rpc('gw.credit.user.score.up', { opsId: ma03, userId: target, amount: '0.01' });
    await gw.rpc('gw.credit.user.logout', { opsId: ma03, userId: target });
    // Whether the caller sees ma03's logout and its score up on sh0301 (other tests' rows may be there too).
    const seen = async (caller: string) => {
      const answer = await gw.rpc('gw.credit.operation.record.query', {
        opsId: await gw.sessionFor(caller),
        ...lastDay(),
        targetId: target,
      });
      const actions = answer.list.filter((row) => row.operatorLoginId === 'ma03').map((row) => row.action);
      return { logout: actions.includes('gw.credit.user.logout'), scoreUp: actions.includes('gw.credit.user.score.up') };
    };
    await hideFinance(true);
    try {
      expect(await seen('ma03')).toEqual({ logout: true, scoreUp: false });
      expect(await seen('admin')).toEqual({ logout: true, scoreUp: true });
    } finally {
      await hideFinance(false);
    }
    expect(await seen('ma03')).toEqual({ logout: true, scoreUp: true });
  });
});

describe("a clerk's reads of one account: its own with no code, another's only with the code", () => {
  let clerks = 0;
  async function clerkOf(main: string, codes: readonly number[]) {
    const loginId = `authzo${String(++clerks).padStart(3, '0')}`;
    await gw.addSubAccount({ loginId, main, accessCodes: codes });
    return gw.sessionForSub(loginId);
  }
  const outcome = async (method: string, opsId: string, userId?: string) => {
    const answer = await gw.call(method, { opsId, ...(userId ? { userId } : {}) });
    return answer.error ? answer.error.code : 'ok';
  };

  it('lists every method the contract guards for other accounts, and only those', () => {
    const guarded = (Object.keys(contract) as MethodName[]).filter((method) => contract[method].otherAccountRights !== undefined);
    expect(guarded.sort()).toEqual(Object.keys(otherAccountMatrix).sort());
  });

  for (const [method, byCode] of Object.entries(otherAccountMatrix)) {
    it(`${method}: for every code, the clerk's own account always, another account of the line as the matrix says`, async () => {
      await resetStatuses();
      const target = await idOf('ma03');
      const none = await clerkOf('admin', []);
      expect(await outcome(method, none), 'own, no code').toBe('ok');
      expect(await outcome(method, none, await idOf('admin')), 'own id, no code').toBe('ok');
      expect(await outcome(method, none, target), 'another, no code').toBe(11003);
      const seen: Record<number, unknown> = {};
      for (const code of allAccessCodes) seen[code] = await outcome(method, await clerkOf('admin', [code]), target);
      expect(seen).toEqual(byCode);
      expect(await outcome(method, await clerkOf('admin', allAccessCodes), target), 'every code').toBe('ok');
      expect(await outcome(method, await gw.sessionFor('admin'), target), 'the main account').toBe('ok');
    });
  }

  it("gw.credit.user.balance.get: another account's balance is refused to agents while the site hides finance, never their own nor the company's", async () => {
    await resetStatuses();
    const member = await idOf('sh0301');
    const agentClerk = await clerkOf('ma03', [6]);
    const companyClerk = await clerkOf('admin', [6]);
    await gw.db.run(sql`UPDATE sites SET finance_visible = false WHERE id = 'demo'`);
    try {
      expect(await outcome('gw.credit.user.balance.get', agentClerk, member)).toBe(11003);
      expect(await outcome('gw.credit.user.balance.get', await gw.sessionFor('ma03'), member)).toBe(11003);
      expect(await outcome('gw.credit.user.balance.get', agentClerk)).toBe('ok');
      expect(await outcome('gw.credit.user.balance.get', companyClerk, member)).toBe('ok');
    } finally {
      await gw.db.run(sql`UPDATE sites SET finance_visible = true WHERE id = 'demo'`);
    }
    expect(await outcome('gw.credit.user.balance.get', agentClerk, member)).toBe('ok');
  });
});
