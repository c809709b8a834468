import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/kernel/session.store';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let admin: string;

const idOf = (loginId: string, siteId = 'demo') => gw.accountId(loginId, siteId);
const paramsOf = async (opsId: string, parentLogin?: string, host?: string) =>
  parentLogin ? { opsId, parentId: await idOf(parentLogin, host ? 'demo2' : 'demo') } : { opsId };
const statistics = async (opsId: string, parentLogin?: string, host?: string) =>
  gw.rpc('gw.credit.agent.statistics.query', await paramsOf(opsId, parentLogin, host), { host });
const refused = async (opsId: string, parentLogin?: string) =>
  (await gw.refusal('gw.credit.agent.statistics.query', await paramsOf(opsId, parentLogin))).code;

/** The same figures counted straight from the tables. */
async function counted(siteId: string, parentLogin: string) {
  const below = sql`a.site_id = ${siteId} AND a.path LIKE (SELECT path FROM accounts WHERE site_id = ${siteId} AND login_id = ${parentLogin}) || '%'
    AND a.login_id <> ${parentLogin}`;
  const n = async (query: ReturnType<typeof sql>) => Number((await gw.db.one<{ n: string | number }>(query))!.n);
  const idleSince = new Date(gw.clock.now().getTime() - 1800 * 1000);
  return {
    total: await n(sql`SELECT count(*) AS n FROM accounts a WHERE ${below}`),
    byLevel: (
      await gw.db.rows<{ level: number; n: string | number }>(
        sql`SELECT level, count(*) AS n FROM accounts a WHERE ${below} GROUP BY level ORDER BY level`,
      )
    ).map((row) => ({ level: row.level, count: Number(row.n) })),
    byStatus: (
      await gw.db.rows<{ status: number; n: string | number }>(
        sql`SELECT status, count(*) AS n FROM accounts a WHERE ${below} GROUP BY status ORDER BY status`,
      )
    ).map((row) => ({ status: row.status, count: Number(row.n) })),
    online: await n(sql`SELECT count(*) AS n FROM accounts a WHERE ${below}
      AND EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id AND s.revoked_at IS NULL AND s.last_seen_at > ${idleSince})`),
    betPaused: await n(sql`SELECT count(*) AS n FROM accounts a WHERE ${below} AND bet_paused`),
    exceptionMarked: await n(sql`SELECT count(*) AS n FROM accounts a WHERE ${below} AND exception_marked`),
    balance: (await gw.db.one<{ n: string }>(
      sql`SELECT to_char(coalesce(sum(balance), 0) / 100.0, 'FM999999999999990.00') AS n FROM accounts a WHERE ${below}`,
    ))!.n,
  };
}

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  admin = await gw.sessionFor('admin');
  // A downline with every kind of account: frozen and disabled ones, paused and marked ones, balances, sessions.
  await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE site_id = 'demo' AND login_id IN ('sh0102', 'mb01010101001', 'mb01010101002')`);
  await gw.db.run(sql`UPDATE accounts SET status = 4 WHERE site_id = 'demo' AND login_id IN ('ga030101', 'mb01010101003')`);
  await gw.db.run(
    sql`UPDATE accounts SET bet_paused = true WHERE site_id = 'demo' AND login_id IN ('mb01010101004', 'mb01010101005', 'mb03020202001')`,
  );
  await gw.db.run(sql`UPDATE accounts SET exception_marked = true WHERE site_id = 'demo' AND login_id IN ('sh0101', 'mb01010101006')`);
  // Known balances (the seed moves points down the whole tree): only these three hold any.
  await gw.db.run(sql`UPDATE accounts SET balance = 0`);
  await gw.db.run(sql`UPDATE accounts SET balance = 12345 WHERE site_id = 'demo' AND login_id IN ('ga010101', 'mb01010101007')`);
  await gw.db.run(sql`UPDATE accounts SET balance = 5 WHERE site_id = 'demo' AND login_id = 'mb02010101001'`);
  for (const loginId of ['ma01', 'sh0101', 'mb01010101001', 'mb01010101001', 'mb01010101009']) await gw.sessionFor(loginId);
  const now = gw.clock.now();
  // Idle, revoked, or on another site: none of them online.
  await createSession(gw.db, { siteId: 'demo', accountId: await idOf('mb01010101010'), now: new Date(now.getTime() - 3600 * 1000) });
  await createSession(gw.db, { siteId: 'demo', accountId: await idOf('mb01010101011'), now });
  await gw.db.run(sql`UPDATE sessions SET revoked_at = ${now} WHERE account_id = ${await idOf('mb01010101011')}`);
  await gw.sessionFor('mb01010101005', 'demo2');
});
afterAll(async () => {
  await gw.close();
});

describe('agent.statistics.query', () => {
  it("counts the caller's whole downline by default, as the tables do", async () => {
    const answer = await statistics(admin);
    expect(answer).toEqual({ userId: await idOf('admin'), ...(await counted('demo', 'admin')) });
    // Known figures of the demo tree: 3 + 6 + 12 + 24 agents, 23 agents with 5 members and one with 300.
    expect(answer).toMatchObject({
      total: 460,
      byLevel: [
        { level: 1, count: 3 },
        { level: 2, count: 6 },
        { level: 3, count: 12 },
        { level: 4, count: 24 },
        { level: 5, count: 415 },
      ],
      byStatus: [
        { status: 1, count: 455 },
        { status: 4, count: 2 },
        { status: 6, count: 3 },
      ],
      online: 4,
      betPaused: 3,
      exceptionMarked: 2,
      balance: '246.95',
    });
  });

  it('counts strictly below another account of the line, only the groups it has', async () => {
    const ma01 = await gw.sessionFor('ma01');
    const answer = await statistics(ma01, 'ag01010101');
    expect(answer).toEqual({ userId: await idOf('ag01010101'), ...(await counted('demo', 'ag01010101')) });
    expect(answer).toMatchObject({
      total: 300,
      byLevel: [{ level: 5, count: 300 }],
      byStatus: [
        { status: 1, count: 297 },
        { status: 4, count: 1 },
        { status: 6, count: 2 },
      ],
      // Two sessions of one member count once; the caller's own session is not below it.
      online: 2,
      balance: '123.45',
    });
    // The same "online" as the member list's.
    const listed = await gw.rpc('gw.credit.user.query', { opsId: ma01, parentId: await idOf('ag01010101'), online: true });
    expect(listed.total).toBe(answer.online);
    expect(await statistics(ma01)).toMatchObject({ userId: await idOf('ma01'), online: 3 });
    expect(await statistics(ma01, 'mb01010101001')).toEqual({
      userId: await idOf('mb01010101001'),
      total: 0,
      byLevel: [],
      byStatus: [],
      online: 0,
      betPaused: 0,
      exceptionMarked: 0,
      balance: '0.00',
    });
  });

  it("never counts another site's accounts, nor reaches outside the caller's line (20002)", async () => {
    const admin2 = await gw.sessionFor('admin2', 'demo2');
    const answer = await statistics(admin2, undefined, 'demo2.localhost');
    expect(answer).toEqual({ userId: await idOf('admin2', 'demo2'), ...(await counted('demo2', 'admin2')) });
    expect(answer).toMatchObject({ online: 1, betPaused: 0, exceptionMarked: 0, balance: '0.00' });
    const outside = { opsId: admin2, parentId: await idOf('ma01') };
    expect((await gw.refusal('gw.credit.agent.statistics.query', outside, { host: 'demo2.localhost' })).code).toBe(20002);
    expect((await gw.refusal('gw.credit.agent.statistics.query', { opsId: admin, parentId: await idOf('ma01', 'demo2') })).code).toBe(
      20002,
    );
    const ma02 = await gw.sessionFor('ma02');
    expect(await refused(ma02, 'sh0101')).toBe(20002);
    expect(await refused(ma02, 'admin')).toBe(20002);
    expect(await statistics(ma02)).toMatchObject({ total: (await counted('demo', 'ma02')).total, balance: '0.05' });
    expect(await refused(await gw.sessionFor('mb01010101008'))).toBe(11003);
  });
});
