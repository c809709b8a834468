import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_ADDRESS, STREAMS_PER_SESSION, withJobEvents } from '../../server/events/live-events.service';
import { setDisabled } from '../../server/sites/site-admin.service';
import { transferIn, transferOut } from '../../server/points/game-transfers';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { openLiveStream, type LiveStreamClient } from '../support/live-stream-client';
import { testDatabaseKind } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

const MINUTE = 60_000;

/** Streams opened by a test, closed after it. */
const opened: LiveStreamClient[] = [];
async function stream(baseUrl: string, token: string, options: { cookie?: boolean; host?: string } = {}) {
  const client = await openLiveStream(baseUrl, token, options);
  opened.push(client);
  return client;
}

/** 'ended' when the gateway ends the stream within `ms`, else 'still open'. */
async function endsWithin(client: LiveStreamClient, ms: number): Promise<'ended' | 'still open'> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    client.ended.then(() => 'ended' as const),
    new Promise<'still open'>((done) => (timer = setTimeout(() => done('still open'), ms))),
  ]);
  clearTimeout(timer);
  return outcome;
}

function scoreUp(gw: TestGateway, opsId: string, userId: string, amount = '1') {
  return gw.rpc('gw.credit.user.score.up', { opsId, userId, amount });
}

describe('the live stream of one gateway', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ captcha: false, jobs: { run: false } });
    await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
  });
  afterAll(async () => {
    for (const client of opened.splice(0)) client.close();
    await gw.close();
  });

  it('refuses a stream without a live session (401), and opens one for the web app cookie', async () => {
    expect((await stream(gw.url, 'not-a-session-token-at-all')).status).toBe(401);
    const token = await gw.sessionFor('ma01');
    await gw.rpc('gw.credit.agent.logout', { opsId: token });
    expect((await stream(gw.url, token)).status).toBe(401);
    expect((await stream(gw.url, await gw.sessionFor('ma01'), { cookie: true })).status).toBe(200);
  });

  it('tells a score up to the sessions of its line only, and a notice published or revoked to every session', async () => {
    const company = await stream(gw.url, await gw.sessionFor('admin'));
    const ma01 = await stream(gw.url, await gw.sessionFor('ma01'));
    // The lowest agent under sh0101, and one of another line.
    const below = await stream(gw.url, await gw.sessionFor('ag01010101'));
    const other = await stream(gw.url, await gw.sessionFor('ag02010101'));

    await scoreUp(gw, await gw.sessionFor('ma01'), await gw.accountId('sh0101'));
    expect(await ma01.next()).toEqual({ kind: 'points' });
    expect(await company.next()).toEqual({ kind: 'points' });

    // A refused score up (not a direct child) raises nothing: its transaction rolled back.
    await expect(scoreUp(gw, await gw.sessionFor('ma01'), await gw.accountId('ag02010101'))).rejects.toMatchObject({ code: 20002 });
    // Then a move in the other agent's own line: the first thing the other streams hear of points.
    await scoreUp(gw, await gw.sessionFor('ga020101'), await gw.accountId('ag02010101'));
    expect(await other.next()).toEqual({ kind: 'points' });
    expect(await company.next()).toEqual({ kind: 'points' });

    const admin = await gw.sessionFor('admin');
    const now = gw.clock.now().getTime();
    const { noticeId } = await gw.rpc('gw.credit.notice.add', {
      opsId: admin,
      kind: 'site',
      title: { zh: '实时通知', en: 'Live notice', th: 'ประกาศสด' },
      content: { zh: '<p>内容</p>', en: '<p>Body</p>', th: '<p>เนื้อหา</p>' },
      startTime: new Date(now - MINUTE).toISOString(),
      endTime: new Date(now + 60 * MINUTE).toISOString(),
      level: null,
    });
    await gw.rpc('gw.credit.notice.publish', { opsId: admin, noticeId });
    // ag01010101 heard no points (neither sh0101 nor ma01 is of its line): the notice comes first.
    for (const client of [company, ma01, below, other]) expect(await client.next()).toEqual({ kind: 'notices' });
    expect(ma01.pending()).toEqual([]);
    await gw.rpc('gw.credit.notice.revoke', { opsId: admin, noticeId });
    for (const client of [company, ma01, below, other]) expect(await client.next()).toEqual({ kind: 'notices' });
  });

  it('tells the site settings to every session, and the monitor counts only to those who may read them', async () => {
    const company = await stream(gw.url, await gw.sessionFor('admin'));
    const agent = await stream(gw.url, await gw.sessionFor('ma01'));
    const admin = await gw.sessionFor('admin');
    const settings = await gw.rpc('gw.credit.sys.setting.get', { opsId: admin });
    await gw.rpc('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', title: `${settings.title} live` });
    expect(await company.next()).toEqual({ kind: 'site' });
    expect(await agent.next()).toEqual({ kind: 'site' });
    await gw.rpc('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', warningSwitch: !settings.warningSwitch });
    expect(await company.next()).toEqual({ kind: 'site' });
    expect(await company.next()).toEqual({ kind: 'monitoring' });
    // The agent hears the site change, never the monitor counts (company rights only).
    expect(await agent.next()).toEqual({ kind: 'site' });
    await gw.rpc('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', title: settings.title });
    expect(await agent.next()).toEqual({ kind: 'site' });
    expect(await company.next()).toEqual({ kind: 'site' });
  });

  it("tells a watched account's new monitor event and its reading to the sessions that may read the counts", async () => {
    await gw.db.run(sql`UPDATE accounts SET monitored = true WHERE site_id = 'demo' AND login_id = 'sh0102'`);
    await gw.db.run(sql`UPDATE sites SET monitor_score_cents = 0 WHERE id = 'demo'`);
    const company = await stream(gw.url, await gw.sessionFor('admin'));
    const agent = await stream(gw.url, await gw.sessionFor('ma01'));
    const reader = await stream(gw.url, await gw.sessionForSub('adminreader'));

    // The score log's trigger raises the monitor event (migration 0035), and its insert the live event (0051).
    await scoreUp(gw, await gw.sessionFor('ma01'), await gw.accountId('sh0102'));
    expect([await company.next(), await company.next()]).toEqual(expect.arrayContaining([{ kind: 'points' }, { kind: 'monitoring' }]));
    expect(await agent.next()).toEqual({ kind: 'points' });
    // A sub-account without the monitoring code hears its main account's points, not the counts.
    expect(await reader.next()).toEqual({ kind: 'points' });

    const seen = await gw.rpc('gw.credit.user.monitor.seen', { opsId: await gw.sessionFor('admin'), userId: await gw.accountId('sh0102') });
    expect(seen.seen).toBeGreaterThan(0);
    expect(await company.next()).toEqual({ kind: 'monitoring' });
    // Then a move the agent and the reader do hear: the first thing either gets after the points.
    await scoreUp(gw, await gw.sessionFor('ma01'), await gw.accountId('sh0101'));
    expect(await agent.next()).toEqual({ kind: 'points' });
    expect(await reader.next()).toEqual({ kind: 'points' });
    expect(await company.next()).toEqual({ kind: 'points' });
  });

  it("tells a member's transfers into and out of the game to the sessions of its line", async () => {
    const agent = await gw.sessionFor('ag01010101');
    const mine = await stream(gw.url, agent);
    const other = await stream(gw.url, await gw.sessionFor('ag02010101'));
    const member = await gw.accountId('mb01010101001');
    await scoreUp(gw, agent, member, '100');
    expect(await mine.next()).toEqual({ kind: 'points' });
    const played = { siteId: 'demo', memberId: member, now: gw.clock.now() };
    expect((await transferIn(gw.db, simulatorPlatform, { ...played, amount: 5_000, transferId: 'LIVE-IN-1' })).state).toBe('done');
    expect(await mine.next()).toEqual({ kind: 'points' });
    expect((await transferOut(gw.db, simulatorPlatform, { ...played, amount: 5_000, transferId: 'LIVE-OUT-1' })).state).toBe('done');
    expect(await mine.next()).toEqual({ kind: 'points' });
    // A site change reaches both: the other line heard nothing of the member's points before it.
    const admin = await gw.sessionFor('admin');
    const settings = await gw.rpc('gw.credit.sys.setting.get', { opsId: admin });
    await gw.rpc('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', title: `${settings.title} moved` });
    expect(await mine.next()).toEqual({ kind: 'site' });
    expect(await other.next()).toEqual({ kind: 'site' });
    await gw.rpc('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', title: settings.title });
  });

  it("tells a clerk's job to that clerk and its main account only, never to a sibling clerk", async () => {
    await gw.addSubAccount({ loginId: 'liveclerka', main: 'ma01', accessCodes: [1] });
    await gw.addSubAccount({ loginId: 'liveclerkb', main: 'ma01', accessCodes: [1] });
    const starter = await gw.sessionForSub('liveclerka');
    const own = await stream(gw.url, starter);
    const sibling = await stream(gw.url, await gw.sessionForSub('liveclerkb'));
    const main = await stream(gw.url, await gw.sessionFor('ma01'));
    const { jobId } = await gw.rpc('gw.credit.user.export', { opsId: starter, parentId: await gw.accountId('sh0101'), format: 'csv' });
    // The runner is off here: the job's progress, as the runner writes it.
    await gw.db.run(withJobEvents(sql`UPDATE jobs SET updated_at = updated_at WHERE id = ${jobId}`));
    expect(await own.next()).toEqual({ kind: 'job', jobId });
    expect(await main.next()).toEqual({ kind: 'job', jobId });
    // The sibling's next message is the site change that follows, not the job.
    const admin = await gw.sessionFor('admin');
    const settings = await gw.rpc('gw.credit.sys.setting.get', { opsId: admin });
    await gw.rpc('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', title: `${settings.title} job` });
    expect(await sibling.next()).toEqual({ kind: 'site' });
    await gw.rpc('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', title: settings.title });
  });

  it("ends a session's streams at once when it signs out, and only that session's", async () => {
    const token = await gw.sessionFor('ma01');
    const signedOut = await stream(gw.url, token);
    const sameAccount = await stream(gw.url, await gw.sessionFor('ma01'));
    expect([signedOut.status, sameAccount.status]).toEqual([200, 200]);
    await gw.rpc('gw.credit.agent.logout', { opsId: token });
    // Well before the heartbeat's check (HEARTBEAT_MS, 20 s) would find the session revoked.
    expect(await endsWithin(signedOut, 5_000)).toBe('ended');
    // The account's other session keeps its stream and still hears its line's points.
    await scoreUp(gw, await gw.sessionFor('admin'), await gw.accountId('ma01'));
    expect(await sameAccount.next()).toEqual({ kind: 'points' });
  });

  it("ends a kicked-out account's streams at once, and no other account's", async () => {
    const admin = await gw.sessionFor('admin');
    const kicked = await stream(gw.url, await gw.sessionFor('ma01'));
    const below = await stream(gw.url, await gw.sessionFor('sh0101'));
    expect([kicked.status, below.status]).toEqual([200, 200]);
    await gw.rpc('gw.credit.user.logout', { opsId: admin, userId: await gw.accountId('ma01') });
    expect(await endsWithin(kicked, 5_000)).toBe('ended');
    // The agent below keeps its stream (its own session was not ended) and still hears its points.
    await scoreUp(gw, await gw.sessionFor('ma01'), await gw.accountId('sh0101'));
    expect(await below.next()).toEqual({ kind: 'points' });
  });

  /** Closes the streams earlier tests left open, and waits until the gateway has let them go. */
  async function closeOpened() {
    const clients = opened.splice(0);
    for (const client of clients) client.close();
    await Promise.all(clients.map((client) => client.ended));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  it('keeps at most 5 open streams per session and 50 per address: a new one past them closes the oldest', async () => {
    await closeOpened();
    const token = await gw.sessionFor('ma01');
    const ofSession: LiveStreamClient[] = [];
    for (let i = 0; i <= STREAMS_PER_SESSION; i++) ofSession.push(await stream(gw.url, token));
    expect(ofSession.map((client) => client.status)).toEqual(ofSession.map(() => 200));
    expect(await endsWithin(ofSession[0]!, 2_000)).toBe('ended');
    for (const client of ofSession.slice(1)) expect(await endsWithin(client, 10)).toBe('still open');
    // The newest still hears its line.
    await scoreUp(gw, await gw.sessionFor('admin'), await gw.accountId('ma01'));
    expect(await ofSession.at(-1)!.next()).toEqual({ kind: 'points' });

    // Other sessions from the same address: the address's oldest go first (the session's 5 are open already).
    const more: LiveStreamClient[] = [];
    for (let i = 0; i < STREAMS_PER_ADDRESS - STREAMS_PER_SESSION + 1; i++) more.push(await stream(gw.url, await gw.sessionFor('sh0101')));
    expect(await endsWithin(ofSession[1]!, 2_000)).toBe('ended');
    for (const client of [...ofSession.slice(2), ...more]) expect(await endsWithin(client, 10)).toBe('still open');
    await closeOpened();
  });

  it('ends the streams of a site when it is disabled', async () => {
    const client = await stream(gw.url, await gw.sessionFor('admin'));
    expect(client.status).toBe(200);
    await setDisabled(gw.db, 'demo', true, gw.clock.now());
    try {
      expect(await endsWithin(client, 5_000)).toBe('ended');
      expect((await stream(gw.url, await gw.sessionFor('admin'))).status).toBe(403);
    } finally {
      await setDisabled(gw.db, 'demo', false, gw.clock.now());
    }
    expect((await stream(gw.url, await gw.sessionFor('admin'))).status).toBe(200);
  });

  it('ends the streams when the gateway closes', async () => {
    const other = await startTestGateway({ db: gw.db, captcha: false, jobs: { run: false } });
    const client = await stream(other.url, await gw.sessionFor('admin'));
    expect(client.status).toBe(200);
    await other.close();
    await client.ended;
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('the live stream across two gateway processes on PostgreSQL', () => {
  let gw: TestGateway;
  let second: GatewayProcess;
  beforeAll(async () => {
    gw = await startTestGateway({ captcha: false, jobs: { run: false } });
    await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
    // A process builds the web app first when its sources changed since the last build (this
    // project's global setup does not build it): minutes on a loaded machine.
    second = await startGatewayProcess({ DATABASE_URL: gw.databaseUrl!, LOG_LEVEL: 'error' }, 300_000);
  }, 320_000);
  afterAll(async () => {
    for (const client of opened.splice(0)) client.close();
    await second?.stop();
    await gw?.close();
  });

  it('hears a score up made through the other process, in the sessions of its line only', async () => {
    const host = new URL(gw.url).host;
    const ma01 = await stream(second.url, await gw.sessionFor('ma01'), { host });
    const other = await stream(second.url, await gw.sessionFor('ag02010101'), { host });
    expect([ma01.status, other.status]).toEqual([200, 200]);

    await scoreUp(gw, await gw.sessionFor('ma01'), await gw.accountId('sh0101'));
    expect(await ma01.next()).toEqual({ kind: 'points' });
    await scoreUp(gw, await gw.sessionFor('ga020101'), await gw.accountId('ag02010101'));
    // The first the other line's agent hears is its own line's move.
    expect(await other.next()).toEqual({ kind: 'points' });
    expect(ma01.pending()).toEqual([]);
  });
});
