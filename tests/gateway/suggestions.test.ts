import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFaults, type Fault, type PlatformFor } from '../../server/platform/game-platform';
import { sendPlatformPushes } from '../../server/games/platform-pushes';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { storeSuggestions } from '../../server/notices/suggestion.store';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
const sessions: Record<string, string> = {};
const MEMBER = 'mb01010101001';
const OTHER_LINE_MEMBER = 'mb02010101001';

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  const at = (minutes: number) => new Date(Date.parse('2026-11-26T04:00:00Z') + minutes * 60_000);
  const member = await gw.accountId(MEMBER);
  const other = await gw.accountId(OTHER_LINE_MEMBER);
  await storeSuggestions(
    gw.db,
    'demo',
    [
      {
        suggestionId: 's1',
        memberId: member,
        kind: 'suggestion',
        title: '希望增加新桌',
        content: '请多开百家乐桌',
        device: 'app',
        sentAt: at(0),
      },
      { suggestionId: 's2', memberId: member, kind: 'complaint', title: '出款太慢', content: '等了很久', device: 'h5', sentAt: at(10) },
      { suggestionId: 's3', memberId: other, kind: 'complaint', title: '其他线', content: '另一条线', device: 'pc', sentAt: at(20) },
    ],
    at(30),
  );
  for (const login of ['admin', 'ma01', 'ag01010101', 'ag02010101']) sessions[login] = await gw.sessionFor(login);
});
afterAll(async () => {
  await gw.close();
});

const page = (login: string, filters: Record<string, unknown> = {}) =>
  gw.rpc('gw.credit.suggestion.page', { opsId: sessions[login]!, ...filters });
const idOf = async (platformId: string) =>
  String((await gw.db.one<{ id: string | number }>(sql`SELECT id FROM suggestions WHERE platform_id = ${platformId}`))!.id);
const stored = async (platformId: string) => gw.db.one(sql`SELECT * FROM suggestions WHERE platform_id = ${platformId}`);

describe('suggestions of the line', () => {
  it('lists for every agent above a member its suggestions, newest first, and no one else’s', async () => {
    expect((await page('admin')).list.map((s) => s.title)).toEqual(['其他线', '出款太慢', '希望增加新桌']);
    const agent = await page('ag01010101');
    expect(agent).toMatchObject({ total: 2, newCount: 2 });
    expect(agent.list[0]).toMatchObject({
      loginId: MEMBER,
      kind: 'complaint',
      title: '出款太慢',
      content: '等了很久',
      device: 'h5',
      status: 'new',
      reply: null,
    });
    expect((await page('ma01')).list.map((s) => s.title)).toEqual(['出款太慢', '希望增加新桌']);
    expect((await page('ag02010101')).list.map((s) => s.title)).toEqual(['其他线']);
    expect((await gw.rpc('gw.credit.suggestion.count', { opsId: sessions.ma01! })).newCount).toBe(2);
  });

  it('filters by status, kind and time sent', async () => {
    expect((await page('ma01', { kind: 'suggestion' })).list.map((s) => s.title)).toEqual(['希望增加新桌']);
    expect((await page('ma01', { startTime: '2026-11-26T04:05:00Z', endTime: '2026-11-26T05:00:00Z' })).list.map((s) => s.title)).toEqual([
      '出款太慢',
    ]);
    expect(
      await gw.refusal('gw.credit.suggestion.page', {
        opsId: sessions.ma01!,
        startTime: '2026-11-26T05:00:00Z',
        endTime: '2026-11-26T04:00:00Z',
      }),
    ).toMatchObject({
      code: 100,
      data: { rule: 'start-after-end' },
    });
  });

  it('marks one read once, and answers it in the name of the login that acted', async () => {
    const id = await idOf('s1');
    expect(await gw.rpc('gw.credit.suggestion.read', { opsId: sessions.ag01010101!, suggestionId: id })).toMatchObject({ status: 'read' });
    expect((await gw.rpc('gw.credit.suggestion.count', { opsId: sessions.ma01! })).newCount).toBe(1);
    expect((await page('ma01', { status: 'read' })).list.map((s) => s.suggestionId)).toEqual([id]);
    await gw.addSubAccount({ loginId: 'ma01clerk', main: 'ma01', accessCodes: [8] });
    const clerk = await gw.sessionForSub('ma01clerk');
    const answered = await gw.rpc('gw.credit.suggestion.reply', { opsId: clerk, suggestionId: id, reply: '  已安排加开新桌  ' });
    expect(answered).toMatchObject({ status: 'answered', reply: '已安排加开新桌', repliedBy: 'ma01clerk' });
    expect(answered.repliedAt).toBe(gw.clock.now().toISOString());
    // Read again, an answered one stays answered.
    expect(await gw.rpc('gw.credit.suggestion.read', { opsId: sessions.ma01!, suggestionId: id })).toMatchObject({ status: 'answered' });
    const [record] = await gw.db.rows<{ summary: string; operator_login: string }>(
      sql`SELECT summary, operator_login FROM operation_log WHERE method = 'gw.credit.suggestion.reply' ORDER BY id DESC LIMIT 1`,
    );
    expect(record).toMatchObject({ operator_login: 'ma01clerk' });
  });

  it('refuses another line’s suggestion (20049), an empty or long reply (100), a clerk without code 8 (11003), and changes nothing', async () => {
    const other = await idOf('s3');
    const before = await stored('s3');
    expect(await gw.refusal('gw.credit.suggestion.reply', { opsId: sessions.ma01!, suggestionId: other, reply: 'x' })).toMatchObject({
      code: 20049,
    });
    expect(await gw.refusal('gw.credit.suggestion.read', { opsId: sessions.ag01010101!, suggestionId: other })).toMatchObject({
      code: 20049,
    });
    const own = await idOf('s2');
    const ownBefore = await stored('s2');
    expect(await gw.refusal('gw.credit.suggestion.reply', { opsId: sessions.ma01!, suggestionId: own, reply: '   ' })).toMatchObject({
      code: 100,
      data: { field: 'reply', rule: 'reply-required' },
    });
    expect(
      await gw.refusal('gw.credit.suggestion.reply', { opsId: sessions.ma01!, suggestionId: own, reply: 'x'.repeat(1001) }),
    ).toMatchObject({
      code: 100,
      data: { rule: 'reply-too-long' },
    });
    await gw.addSubAccount({ loginId: 'ma01no8', main: 'ma01', accessCodes: [1, 7] });
    expect(
      (await gw.call('gw.credit.suggestion.reply', { opsId: await gw.sessionForSub('ma01no8'), suggestionId: own, reply: 'x' })).error
        ?.code,
    ).toBe(11003);
    expect(await stored('s3')).toEqual(before);
    expect(await stored('s2')).toEqual(ownBefore);
    expect(await gw.db.rows(sql`SELECT 1 FROM platform_pushes WHERE subject = 'reply' AND account_id IN (${own}, ${other})`)).toEqual([]);
  });

  it('refuses a reply holding markup characters (100, rule plain-text), and changes nothing', async () => {
    const own = await idOf('s1');
    const before = await stored('s1');
    const pushes = sql`SELECT * FROM platform_pushes WHERE subject = 'reply' AND account_id = ${own} ORDER BY version`;
    const pushesBefore = await gw.db.rows(pushes);
    for (const reply of ['<img src=x onerror=alert(1)>', 'a > b', 'x<']) {
      expect(await gw.refusal('gw.credit.suggestion.reply', { opsId: sessions.ma01!, suggestionId: own, reply })).toMatchObject({
        code: 100,
        data: { field: 'reply', rule: 'plain-text' },
      });
    }
    expect(await stored('s1')).toEqual(before);
    expect(await gw.db.rows(pushes)).toEqual(pushesBefore);
  });

  it('takes an answer to the member at the platform through the outbox: a lost call keeps it, a second answer replaces the first', async () => {
    const id = await idOf('s2');
    const lost: Fault[] = [];
    const platformFor: PlatformFor = (db) => withFaults(simulatorPlatform(db), lost);
    const atPlatform = () =>
      gw.db.rows(sql`SELECT suggestion_id, member_id, reply FROM simulator_suggestion_replies WHERE site_id = 'demo'`);
    const delivered = async () => (await page('ma01')).list.find((s) => s.suggestionId === id)!.delivered;
    await gw.db.run(sql`DELETE FROM platform_pushes`);
    expect(await gw.rpc('gw.credit.suggestion.reply', { opsId: sessions.ma01!, suggestionId: id, reply: '已加快出款' })).toMatchObject({
      delivered: false,
    });
    expect(await delivered()).toBe(false);

    lost.push({ call: 'replySuggestions', when: 'before' });
    expect(await sendPlatformPushes(gw.db, platformFor, gw.clock.now())).toEqual({ sent: 0, failed: 1 });
    expect(await atPlatform()).toEqual([]);
    expect(await delivered()).toBe(false);
    expect(await sendPlatformPushes(gw.db, platformFor, gw.clock.now())).toEqual({ sent: 1, failed: 0 });
    const member = await gw.accountId(MEMBER);
    expect(await atPlatform()).toEqual([{ suggestion_id: 's2', member_id: member, reply: '已加快出款' }]);
    expect(await delivered()).toBe(true);

    await gw.rpc('gw.credit.suggestion.reply', { opsId: sessions.ma01!, suggestionId: id, reply: '已处理完毕' });
    expect(await delivered()).toBe(false);
    await sendPlatformPushes(gw.db, platformFor, gw.clock.now());
    expect(await atPlatform()).toEqual([{ suggestion_id: 's2', member_id: member, reply: '已处理完毕' }]);
    expect(await delivered()).toBe(true);
  });
});
