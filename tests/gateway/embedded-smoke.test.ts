/**
 * The embedded engine's smoke walk: every domain's main write and its read, once, on one
 * gateway. The rest of the gateway tests run on one engine per run (PostgreSQL in CI); this file
 * runs on PGlite in every run, so SQL that PGlite refuses or answers differently is still caught.
 * Broad, not deep: each domain's own file holds its rules and refusals.
 */
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBets } from '../../server/games/bet.store';
import { storeSuggestions } from '../../server/notices/suggestion.store';
import { transferIn, transferOut } from '../../server/points/game-transfers';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { aBet } from '../support/bet-fixture';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let admin: string;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.sessionFor('admin');
});
afterAll(async () => {
  await gw.close();
});

const at = (offset: number) => new Date(gw.clock.now().getTime() + offset).toISOString();
const aroundNow = () => ({ startTime: at(-HOUR), endTime: at(HOUR) });
/** The Beijing day holding the gateway's clock, as report ranges take it. */
const today = () => {
  const day = 24 * HOUR;
  const start = Math.floor((gw.clock.now().getTime() + 8 * HOUR) / day) * day - 8 * HOUR;
  return { startTime: new Date(start).toISOString(), endTime: new Date(start + day).toISOString() };
};

describe('the seeded snapshot', () => {
  it('opens as the demo: the company, its line and the points the seed moved down it', async () => {
    expect(await gw.rpc('gw.credit.user.balance.get', { opsId: admin })).toEqual({ balance: '4000000.00' });
    const top = await gw.rpc('gw.credit.agent.query', { opsId: admin, sort: 'loginId', order: 'asc' });
    expect(top.list.map((row) => [row.loginId, row.level, row.balance, row.childCount])).toEqual([
      ['ma01', 1, '1000000.00', 2],
      ['ma02', 1, '1000000.00', 2],
      ['ma03', 1, '1000000.00', 2],
    ]);
    const agents = await gw.rpc('gw.credit.agent.query', {
      opsId: admin,
      parentId: await gw.accountId('ga010101'),
      sort: 'loginId',
      order: 'asc',
    });
    expect(agents.line.map((step) => step.loginId)).toEqual(['admin', 'ma01', 'sh0101', 'ga010101']);
    expect(agents.list.map((row) => [row.loginId, row.balance, row.childCount])).toEqual([
      ['ag01010101', '10100.00', 300],
      ['ag01010102', '15000.00', 5],
    ]);
    const members = await gw.rpc('gw.credit.user.query', { opsId: await gw.sessionFor('ag01010101'), pageSize: 5 });
    expect(members.total).toBe(300);
    expect(members.list.every((row) => row.level === 5 && row.balance === '33.00')).toBe(true);
    const site = await gw.db.one<{ title: string; n: number }>(
      sql`SELECT s.title, (SELECT count(*)::int FROM sites) AS n FROM sites s WHERE s.id = 'demo'`,
    );
    expect(site).toEqual({ title: '信用代理后台', n: 2 });
  });
});

describe('every domain once on this engine', () => {
  it('signs in through the captcha, the session answers, and logout ends it', async () => {
    const signedIn = await gw.login('admin');
    expect(signedIn.error).toBeUndefined();
    const session = signedIn.result as { sessionId: string; loginId: string; level: number; sn: string };
    expect(session).toMatchObject({ loginId: 'admin', level: 0, sn: 'demo' });
    expect(await gw.rpc('gw.credit.agent.level', { opsId: session.sessionId })).toEqual({ level: 0 });
    expect(await gw.rpc('gw.credit.user.profile', { opsId: session.sessionId })).toMatchObject({ loginId: 'admin' });
    expect(await gw.rpc('gw.credit.agent.logout', { opsId: session.sessionId })).toEqual({});
    expect((await gw.refusal('gw.credit.agent.level', { opsId: session.sessionId })).code).toBe(2202);
  });

  it('adds an agent and a member, edits them, and lists them', async () => {
    const { userId: agentId } = await gw.rpc('gw.credit.agent.add', {
      opsId: admin,
      loginId: 'smkma01',
      nickname: 'smoke agent',
      password: 'Agent_123',
      pointLimit: '5000.00',
      agentCommisionRate: 50,
      validAmountRate: 1,
    });
    await gw.rpc('gw.credit.agent.profile.edit', { opsId: admin, userId: agentId, nickname: 'smoke agent 2', pointLimit: '6000.00' });
    const agents = await gw.rpc('gw.credit.agent.query', { opsId: admin, loginId: 'smkma01' });
    expect(agents.list).toEqual([
      expect.objectContaining({ userId: agentId, nickname: 'smoke agent 2', level: 1, pointLimit: '6000.00', agentCommisionRate: 50 }),
    ]);

    const agent = await gw.sessionFor('ag01010102');
    const { userId: memberId } = await gw.rpc('gw.credit.user.add', {
      opsId: agent,
      loginId: 'smkmb01',
      nickname: 'smoke member',
      password: 'Member_1',
      pointLimit: '1000.00',
    });
    await gw.rpc('gw.credit.user.profile.edit', { opsId: agent, userId: memberId, nickname: 'smoke member 2' });
    expect(await gw.rpc('gw.credit.user.profile', { opsId: agent, userId: memberId })).toMatchObject({
      loginId: 'smkmb01',
      nickname: 'smoke member 2',
    });
    const members = await gw.rpc('gw.credit.user.query', { opsId: agent, loginId: 'smkmb01' });
    expect(members.list.map((row) => [row.userId, row.loginId, row.level, row.balance])).toEqual([[memberId, 'smkmb01', 5, '0.00']]);
    expect((await gw.rpc('gw.credit.user.query', { opsId: agent })).total).toBe(6);
  });

  it('scores up and down, and the balances, the score log and the deal record show it', async () => {
    const agent = await gw.sessionFor('ag01010102');
    const member = await gw.accountId('smkmb01');
    const up = await gw.rpc('gw.credit.user.score.up', { opsId: agent, userId: member, amount: '250.00', comment: 'smoke' });
    expect(up).toMatchObject({ amount: '250.00', before: '0.00', after: '250.00', operatorBefore: '15000.00', operatorAfter: '14750.00' });
    const down = await gw.rpc('gw.credit.user.score.down', { opsId: agent, userId: member, amount: '50.00' });
    expect(down).toMatchObject({ before: '250.00', after: '200.00' });
    expect(BigInt(down.serialNo)).toBe(BigInt(up.serialNo) + 1n);

    expect(await gw.rpc('gw.credit.user.balance.get', { opsId: agent, userId: member })).toEqual({ balance: '200.00' });
    expect(await gw.rpc('gw.credit.user.balance.get', { opsId: agent })).toEqual({ balance: '14800.00' });
    const log = await gw.rpc('gw.credit.score.log.query', { opsId: agent, userId: member });
    expect(log.list.map((row) => [row.serialNo, row.type, row.amount, row.fromLoginId, row.toLoginId])).toEqual([
      [down.serialNo, 'down', '50.00', 'smkmb01', 'ag01010102'],
      [up.serialNo, 'up', '250.00', 'ag01010102', 'smkmb01'],
    ]);
    const deals = await gw.rpc('gw.credit.deal.record.query', { opsId: agent, userId: member, ...aroundNow() });
    expect(deals).toMatchObject({ loginId: 'smkmb01', level: 5, total: 2, opening: { balance: '0.00' } });
    expect(deals.list.map((row) => [row.kind, row.change, row.balance])).toEqual([
      ['up', '250.00', '250.00'],
      ['down', '-50.00', '200.00'],
    ]);
  });

  it('adds and updates a sub-account, and lists it', async () => {
    const { subAccountId } = await gw.rpc('gw.credit.subaccount.add', {
      opsId: admin,
      safeCode: '1234',
      loginId: 'smksub01',
      nickname: 'smoke clerk',
      password: 'Clerk_123',
      subSafeCode: '4321',
      accessCode: '5,1',
    });
    await gw.rpc('gw.credit.subaccount.update', { opsId: admin, safeCode: '1234', subAccountId, nickname: 'smoke clerk 2' });
    expect(await gw.rpc('gw.credit.subaccount.get', { opsId: admin, subAccountId })).toMatchObject({
      subAccountId,
      nickname: 'smoke clerk 2',
      accessCode: '1,5',
    });
    const listed = (await gw.rpc('gw.credit.subaccount.query', { opsId: admin })).list.find((row) => row.subAccountId === subAccountId);
    expect(listed).toMatchObject({ loginId: 'smksub01', status: 1, accessCode: '1,5', online: false });
  });

  it('writes, publishes, pages and revokes a notice', async () => {
    const { noticeId } = await gw.rpc('gw.credit.notice.add', {
      opsId: admin,
      title: { zh: '冒烟通知', en: 'Smoke notice', th: 'ประกาศทดสอบ' },
      content: { zh: '<p>内容</p>', en: '<p>Body</p>', th: '<p>เนื้อหา</p>' },
      startTime: at(-MINUTE),
      endTime: at(10 * MINUTE),
      level: null,
    });
    expect(await gw.rpc('gw.credit.notice.detail', { opsId: admin, noticeId })).toMatchObject({ status: 'draft', level: null });
    expect((await gw.rpc('gw.credit.notice.publish', { opsId: admin, noticeId })).status).toBe('sending');
    const sending = await gw.rpc('gw.credit.notice.page', { opsId: admin, status: 'sending', pageSize: 500 });
    expect(sending.list.find((item) => item.noticeId === noticeId)).toMatchObject({ status: 'sending' });
    const reader = await gw.sessionFor('sh0101');
    const layer = await gw.call('gw.credit.notice.layer.list', { opsId: reader, ztsLang: 'en' });
    expect((layer.result as { list: { noticeId: string; title: string }[] }).list).toContainEqual(
      expect.objectContaining({ noticeId, title: 'Smoke notice' }),
    );
    await gw.rpc('gw.credit.notice.revoke', { opsId: admin, noticeId });
    expect((await gw.rpc('gw.credit.notice.layer.list', { opsId: reader })).list.map((item) => item.noticeId)).not.toContain(noticeId);
    expect((await gw.rpc('gw.credit.notice.detail', { opsId: admin, noticeId })).status).not.toBe('sending');
  });

  describe('bets and the reports that read them', () => {
    // The line of reports.test.ts with its fixture: every agent a share of 40 % and a wash-code rate of 1.0 %, the member 0.8 %.
    const LINE = ['ma01', 'sh0101', 'ga010101', 'ag01010102'] as const;
    const MEMBER = 'mb01010102002';
    const DAY = { startTime: '2026-11-19T16:00:00.000Z', endTime: '2026-11-20T16:00:00.000Z' };
    const sessions: Record<string, string> = {};

    beforeAll(async () => {
      for (const login of ['admin', ...LINE]) sessions[login] = await gw.sessionFor(login);
      const line = await Promise.all(LINE.map(async (login) => sql`${await gw.accountId(login)}::bigint`));
      await gw.db.run(
        sql`UPDATE game_settings SET agent_rate = 4000, betting_ratio = 100 WHERE account_id IN (${sql.join(line, sql`, `)})`,
      );
      await gw.db.run(sql`UPDATE game_settings SET agent_rate = 0, betting_ratio = 80 WHERE account_id = ${await gw.accountId(MEMBER)}`);
      // A bet of 100.00, valid 90.00, lost 12.00, stored as the ingest job stores what the platform reports.
      const bet = aBet(await gw.accountId(MEMBER), {
        orderId: '9400001',
        betTime: new Date('2026-11-20T03:59:00Z'),
        settleTime: new Date('2026-11-20T04:00:00Z'),
        validBet: 9_000,
        settle: 8_800,
        winLoss: -1_200,
      });
      expect(await storeBets(gw.db, 'demo', [bet], gw.clock.now())).toEqual({ stored: 1, ignored: 0 });
    });

    it('lists the stored bet in the bet record', async () => {
      const page = await gw.rpc('gw.credit.bet.query', { opsId: sessions.ag01010102!, ...DAY });
      expect(page.list.map((row) => [row.orderId, row.loginId, row.bet, row.validBet, row.winLoss, row.status])).toEqual([
        ['9400001', MEMBER, '100.00', '90.00', '-12.00', 'settled'],
      ]);
      expect(page.sum).toEqual({ bet: '100.00', validBet: '90.00', winLoss: '-12.00' });
    });

    it('answers the win/loss report at every level of the line', async () => {
      const agentView = await gw.rpc('gw.credit.player.list.total.report', { opsId: sessions.ag01010102!, ...DAY });
      expect(agentView.list).toEqual([
        expect.objectContaining({ loginId: MEMBER, bets: 1, valueWonLose: '-12.00', betRebate: '0.72', agentToCompany: '11.28' }),
      ]);
      expect(agentView.own.result).toBe('4.98');
      const above = await gw.rpc('gw.credit.agent.list.total.report', { opsId: sessions.ga010101!, ...DAY });
      expect(above.list).toEqual([expect.objectContaining({ loginId: 'ag01010102', agentToCompany: '6.30', toCompanyBetValue: '54.00' })]);
      const company = await gw.rpc('gw.credit.agent.list.total.report', { opsId: sessions.admin!, ...DAY });
      expect(company.list.map((row) => [row.loginId, row.agentToCompany])).toEqual([['ma01', '6.30']]);
      expect(company.own.result).toBe('6.30');
    });

    it('answers the daily and summary reports and the leaderboard', async () => {
      const daily = await gw.rpc('gw.credit.agent.daily.report', { opsId: sessions.ga010101!, ...DAY });
      expect(daily.list.map((row) => [row.day, row.valueWonLose, row.agentToCompany])).toEqual([['2026-11-20', '-12.00', '6.30']]);
      const member = await gw.accountId(MEMBER);
      const playerDaily = await gw.rpc('gw.credit.player.daily.report', { opsId: sessions.ag01010102!, ...DAY, userId: member });
      expect(playerDaily.list.map((row) => row.valueWonLose)).toEqual(['-12.00']);
      const summary = await gw.rpc('gw.credit.player.summary.report', { opsId: sessions.ma01!, ...DAY, userId: member });
      expect(summary).toMatchObject({ loginId: MEMBER, bets: 1, valueWonLose: '-12.00', betRebate: '0.72' });
      const board = await gw.rpc('gw.credit.leaderboard.query', { opsId: sessions.admin!, ...DAY, by: 'loss' });
      expect(board.list.map((row) => [row.rank, row.loginId, row.valueWonLose])).toEqual([[1, MEMBER, '-12.00']]);
    });

    it('answers the bill, and closes its period', async () => {
      const bill = async () =>
        (await gw.rpc('gw.credit.bill.query', { opsId: sessions.ga010101! })).list.find((row) => row.loginId === 'ag01010102')!;
      expect((await bill()).open).toMatchObject({ bets: 1, validAmount: '90.00', valueWonLose: '-12.00', agentToCompany: '6.30' });
      const closed = await gw.rpc('gw.credit.agent.to.company.acc.reset', {
        opsId: sessions.ga010101!,
        userId: await gw.accountId('ag01010102'),
      });
      expect(closed).toMatchObject({ bets: 1, agentToCompany: '6.30' });
      const after = await bill();
      expect(after.open).toMatchObject({ bets: 0, agentToCompany: '0.00' });
      expect(after.closed).toEqual([expect.objectContaining({ settlementId: closed.settlementId, agentToCompany: '6.30' })]);
    });

    it('moves points into the game and out, and the transfer query and the trading report show it', async () => {
      const member = await gw.accountId('mb01010102001');
      const before = (await gw.rpc('gw.credit.user.balance.get', { opsId: admin, userId: member })).balance;
      const trading = async () =>
        (await gw.rpc('gw.credit.trading.report', { opsId: admin, ...today() })).list.find((row) => row.loginId === 'ma01');
      const start = await trading();
      const played = { siteId: 'demo', memberId: member, now: gw.clock.now() };
      expect((await transferIn(gw.db, simulatorPlatform, { ...played, amount: 3_000, transferId: 'SMK-in' })).state).toBe('done');
      expect((await transferOut(gw.db, simulatorPlatform, { ...played, amount: 1_000, transferId: 'SMK-out' })).state).toBe('done');

      const listed = await gw.rpc('gw.credit.transfer.query', { opsId: admin, userId: member, pageIndex: 1, pageSize: 50 });
      expect(listed.pending).toBe(0);
      expect(listed.list.map((row) => [row.transferId, row.type, row.state, row.amount])).toEqual([
        ['SMK-out', 'out', 'done', '10.00'],
        ['SMK-in', 'in', 'done', '30.00'],
      ]);
      const after = (await gw.rpc('gw.credit.user.balance.get', { opsId: admin, userId: member })).balance;
      expect(Math.round(Number(before) * 100) - Math.round(Number(after) * 100)).toBe(2_000);
      const now = await trading();
      expect((now?.inCount ?? 0) - (start?.inCount ?? 0)).toBe(1);
      expect(Math.round(Number(now?.transferOut ?? 0) * 100) - Math.round(Number(start?.transferOut ?? 0) * 100)).toBe(1_000);
    });
  });

  it('watches an agent and a member, and the watch lists show them', async () => {
    const agentId = await gw.accountId('ma02');
    const memberId = await gw.accountId('mb01010101003');
    expect(await gw.rpc('gw.credit.agent.monitor.add', { opsId: admin, userId: agentId })).toEqual({ userId: agentId, monitored: true });
    expect(await gw.rpc('gw.credit.user.monitor.set', { opsId: admin, userId: memberId, monitored: true })).toEqual({
      userId: memberId,
      monitored: true,
    });
    const agents = await gw.rpc('gw.credit.agent.monitor.query', { opsId: admin });
    expect(agents.list.find((row) => row.loginId === 'ma02')).toMatchObject({ monitored: true, level: 1 });
    const members = await gw.rpc('gw.credit.user.monitor.query', { opsId: admin });
    expect(members.list.find((row) => row.loginId === 'mb01010101003')).toMatchObject({ monitored: true, parentLoginId: 'ag01010101' });
  });

  it('disables and enables an agent, and locks and unlocks its line', async () => {
    const userId = await gw.accountId('smkma01');
    const row = async () => (await gw.rpc('gw.credit.agent.query', { opsId: admin, loginId: 'smkma01' })).list[0]!;
    const disabled = await gw.rpc('gw.credit.user.disable', { opsId: admin, userId, mode: 'lock' });
    expect((await row()).status).toBe(disabled.status);
    expect(disabled.status).not.toBe(1);
    expect((await gw.rpc('gw.credit.user.enable', { opsId: admin, userId })).status).toBe(1);
    expect((await row()).status).toBe(1);
    const locked = await gw.rpc('gw.credit.agent.line.disable', { opsId: admin, userId });
    expect(locked.teamStatus).not.toBe(1);
    expect((await row()).teamStatus).toBe(locked.teamStatus);
    expect((await gw.rpc('gw.credit.agent.line.enable', { opsId: admin, userId })).teamStatus).toBe(1);
    expect((await row()).teamStatus).toBe(1);
  });

  it('changes system settings and reads them back', async () => {
    const changed = await gw.rpc('gw.credit.sys.setting', {
      opsId: admin,
      safeCode: '1234',
      warningSwitch: true,
      monitorThresholds: { bet: '5000', win: '20000.50' },
      subAccountLimit: 5,
    });
    expect(changed).toMatchObject({ warningSwitch: true, subAccountLimit: 5 });
    expect(await gw.rpc('gw.credit.sys.setting.get', { opsId: admin })).toMatchObject({
      warningSwitch: true,
      subAccountLimit: 5,
      monitorThresholds: { bet: '5000.00', win: '20000.50', score: '0.00' },
    });
    await gw.rpc('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', warningSwitch: false, subAccountLimit: 15 });
    expect(await gw.rpc('gw.credit.sys.setting.get', { opsId: admin })).toMatchObject({ warningSwitch: false, subAccountLimit: 15 });
  });

  it('closes and opens a game, and keeps a game notice', async () => {
    const open = async () =>
      Object.fromEntries((await gw.rpc('gw.credit.game.list', { opsId: admin })).list.map((g) => [g.gameCode, g.open]));
    expect(await gw.rpc('gw.credit.game.switch', { opsId: admin, gameCode: 'roulette', open: false })).toEqual({
      gameCode: 'roulette',
      open: false,
    });
    expect(await open()).toMatchObject({ roulette: false, baccarat: true });
    await gw.rpc('gw.credit.game.switch', { opsId: admin, gameCode: 'roulette', open: true });
    expect((await open()).roulette).toBe(true);

    const texts = {
      title: { zh: '新桌', en: 'New table', th: 'โต๊ะใหม่' },
      content: { zh: '<p>新桌</p>', en: '<p>New table</p>', th: '<p>โต๊ะใหม่</p>' },
      startTime: at(MINUTE),
      endTime: at(HOUR),
    };
    const { noticeId } = await gw.rpc('gw.credit.game.notice.add', { opsId: admin, ...texts, gameCodes: ['baccarat'] });
    const listed = async () => (await gw.rpc('gw.credit.game.notice.get', { opsId: admin, noticeId })).list;
    expect(await listed()).toEqual([expect.objectContaining({ noticeId, gameCodes: ['baccarat'], title: texts.title })]);
    await gw.rpc('gw.credit.game.notice.update', {
      opsId: admin,
      noticeId,
      ...texts,
      title: { zh: '改了', en: 'Changed', th: 'แก้' },
      gameCodes: ['baccarat', 'roulette'],
    });
    expect(await listed()).toEqual([
      expect.objectContaining({ noticeId, gameCodes: ['baccarat', 'roulette'], title: expect.objectContaining({ zh: '改了' }) }),
    ]);
  });

  it('stores suggestions from the platform, lists, reads and answers them', async () => {
    const member = await gw.accountId('mb01010101004');
    await storeSuggestions(
      gw.db,
      'demo',
      [
        {
          suggestionId: 'smk1',
          memberId: member,
          kind: 'suggestion',
          title: '冒烟建议',
          content: '多开桌',
          device: 'app',
          sentAt: gw.clock.now(),
        },
      ],
      gw.clock.now(),
    );
    const agent = await gw.sessionFor('ag01010101');
    const page = await gw.rpc('gw.credit.suggestion.page', { opsId: agent });
    const listed = page.list.find((row) => row.title === '冒烟建议')!;
    expect(listed).toMatchObject({ loginId: 'mb01010101004', kind: 'suggestion', status: 'new', reply: null });
    expect((await gw.rpc('gw.credit.suggestion.count', { opsId: agent })).newCount).toBe(1);
    expect(await gw.rpc('gw.credit.suggestion.read', { opsId: agent, suggestionId: listed.suggestionId })).toMatchObject({
      status: 'read',
    });
    expect((await gw.rpc('gw.credit.suggestion.count', { opsId: agent })).newCount).toBe(0);
    const answered = await gw.rpc('gw.credit.suggestion.reply', { opsId: agent, suggestionId: listed.suggestionId, reply: '已安排' });
    expect(answered).toMatchObject({ status: 'answered', reply: '已安排', repliedBy: 'ag01010101' });
  });

  it('runs a score-log export job to completion and serves its file', async () => {
    const agent = await gw.sessionFor('ag01010102');
    const { jobId } = await gw.rpc('gw.credit.score.log.export', { opsId: agent, userId: await gw.accountId('smkmb01'), format: 'csv' });
    let job = await gw.rpc('gw.credit.job.get', { opsId: agent, jobId });
    for (let attempt = 0; attempt < 400 && (job.status === 'queued' || job.status === 'running'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = await gw.rpc('gw.credit.job.get', { opsId: agent, jobId });
    }
    expect(job).toMatchObject({ kind: 'export', status: 'done', done: 2, total: 2 });
    const response = await fetch(`${gw.url}/api/files/${job.fileId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ opsId: agent }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.split('\n').filter((line) => line.includes('smkmb01'))).toHaveLength(2);
  });

  it('the operation record and the login log read back what was done', async () => {
    const records = await gw.rpc('gw.credit.operation.record.query', { opsId: admin, ...aroundNow(), pageSize: 500 });
    const actions = new Set(records.list.map((row) => row.action));
    for (const method of ['gw.credit.agent.add', 'gw.credit.subaccount.add', 'gw.credit.notice.publish', 'gw.credit.sys.setting']) {
      expect(actions, method).toContain(method);
    }
    expect(records.list.find((row) => row.action === 'gw.credit.agent.add')).toMatchObject({
      operatorLoginId: 'admin',
      targetLoginId: 'smkma01',
      level: 'normal',
    });
    const scored = await gw.rpc('gw.credit.operation.record.query', { opsId: admin, ...aroundNow(), action: 'gw.credit.user.score.up' });
    expect(scored.list.map((row) => [row.operatorLoginId, row.targetLoginId])).toContainEqual(['ag01010102', 'smkmb01']);
    const logins = await gw.rpc('gw.credit.login.log.query', { opsId: admin, ...aroundNow() });
    expect(logins.list).toContainEqual(expect.objectContaining({ loginId: 'admin', ip: '127.0.0.1' }));
  });
});
