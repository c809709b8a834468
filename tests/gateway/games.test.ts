import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { storeRounds, type SiteRound } from '../../server/games/game-round.store';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { ingestPlatformFeed } from '../../server/games/feed-ingest';
import { publish } from '../../server/simulator/simulator-runtime';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
const DEMO2 = 'demo2.localhost:8080';

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`DELETE FROM site_games_closed`);
  await gw.db.run(sql`UPDATE accounts SET device_pc = true, device_h5 = true, device_app = true, status = 1, team_status = 1`);
});

const operations = async (method: string) =>
  gw.db.rows<{ changes: unknown; target_id: string | number | null }>(
    sql`SELECT changes, target_id FROM operation_log WHERE method = ${method} ORDER BY id`,
  );

describe('the game catalogue', () => {
  it('lists every game of the platform open on a new site, live and electronic', async () => {
    const { list } = await gw.rpc('gw.credit.game.list', { opsId: await gw.sessionFor('admin') });
    expect(list.map((game) => game.gameCode)).toEqual([
      'baccarat',
      'dragon-tiger',
      'roulette',
      'sic-bo',
      'fortune-dragon',
      'golden-lotus',
      'lucky-seven',
    ]);
    expect(list.every((game) => game.open)).toBe(true);
    expect(new Set(list.map((game) => game.gameType))).toEqual(new Set(['live', 'electronic']));
    // Any level of the back office may read it (filters of the bet and report screens).
    const agent = await gw.sessionFor('ag01010101');
    expect((await gw.rpc('gw.credit.game.list', { opsId: agent })).list).toHaveLength(7);
  });

  it('closes and opens a game for the caller’s site only, recorded with its before and after', async () => {
    const admin = await gw.sessionFor('admin');
    const operationsBefore = (await operations('gw.credit.game.switch')).length;
    expect(await gw.rpc('gw.credit.game.switch', { opsId: admin, gameCode: 'roulette', open: false })).toEqual({
      gameCode: 'roulette',
      open: false,
    });
    const open = async (opsId: string, host?: string) =>
      Object.fromEntries(
        (await gw.rpc('gw.credit.game.list', { opsId }, host ? { host } : {})).list.map((game) => [game.gameCode, game.open]),
      );
    expect(await open(admin)).toMatchObject({ roulette: false, baccarat: true });
    // The other site keeps it open.
    expect((await open(await gw.sessionFor('admin2', 'demo2'), DEMO2)).roulette).toBe(true);

    // Closing a closed game changes nothing and records no change.
    await gw.rpc('gw.credit.game.switch', { opsId: admin, gameCode: 'roulette', open: false });
    await gw.rpc('gw.credit.game.switch', { opsId: admin, gameCode: 'roulette', open: true });
    expect((await open(admin)).roulette).toBe(true);
    const recorded = (await operations('gw.credit.game.switch')).slice(operationsBefore).map((row) => row.changes);
    expect(recorded).toEqual([
      [{ field: 'games.roulette', before: true, after: false }],
      [],
      [{ field: 'games.roulette', before: false, after: true }],
    ]);
  });

  it('refuses an unknown game with 20049 and a malformed code with 100, changing nothing', async () => {
    const admin = await gw.sessionFor('admin');
    expect((await gw.refusal('gw.credit.game.switch', { opsId: admin, gameCode: 'poker', open: false })).code).toBe(
      ErrorCode.recordNotFound,
    );
    const malformed = await gw.refusal('gw.credit.game.switch', { opsId: admin, gameCode: 'Roulette!', open: false });
    expect(malformed.code).toBe(ErrorCode.invalidParams);
    expect(malformed.data?.field).toBe('gameCode');
    const closed = await gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM site_games_closed`);
    expect(Number(closed!.n)).toBe(0);
  });

  it('lets only a company main account switch games: agents and company clerks get 11003', async () => {
    const agent = await gw.sessionFor('ma01');
    expect((await gw.refusal('gw.credit.game.switch', { opsId: agent, gameCode: 'baccarat', open: false })).code).toBe(
      ErrorCode.notAuthorized,
    );
    await gw.addSubAccount({ loginId: 'tgameclerk', main: 'admin', accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11] });
    const clerk = await gw.sessionForSub('tgameclerk');
    expect((await gw.refusal('gw.credit.game.switch', { opsId: clerk, gameCode: 'baccarat', open: false })).code).toBe(
      ErrorCode.notAuthorized,
    );
    expect((await gw.rpc('gw.credit.game.list', { opsId: clerk })).list.every((game) => game.open)).toBe(true);
  });
});

describe('a member’s device switches', () => {
  it('starts with every device on, and its agent turns one off and on again, recorded', async () => {
    const agent = await gw.sessionFor('ag01010101');
    const member = await gw.accountId('mb01010101001');
    expect(await gw.rpc('gw.credit.user.device.switch.get', { opsId: agent, userId: member })).toEqual({
      userId: member,
      devices: { pc: true, h5: true, app: true },
    });
    const off = await gw.rpc('gw.credit.user.device.switch.set', { opsId: agent, userId: member, device: 'h5', enabled: false });
    expect(off.devices).toEqual({ pc: true, h5: false, app: true });
    // Anyone above in the line reads the same.
    const company = await gw.sessionFor('admin');
    expect((await gw.rpc('gw.credit.user.device.switch.get', { opsId: company, userId: member })).devices.h5).toBe(false);
    const on = await gw.rpc('gw.credit.user.device.switch.set', { opsId: agent, userId: member, device: 'h5', enabled: true });
    expect(on.devices.h5).toBe(true);
    const recorded = (await operations('gw.credit.user.device.switch.set')).slice(-2);
    expect(recorded.map((row) => [String(row.target_id), row.changes])).toEqual([
      [member, [{ field: 'devices.h5', before: true, after: false }]],
      [member, [{ field: 'devices.h5', before: false, after: true }]],
    ]);
  });

  it('acts only on a member directly below the caller, and refuses what is not a member', async () => {
    const member = await gw.accountId('mb01010101001');
    const company = await gw.sessionFor('admin');
    // The company reads but does not switch a member five levels down (20040).
    expect(
      (await gw.refusal('gw.credit.user.device.switch.set', { opsId: company, userId: member, device: 'pc', enabled: false })).code,
    ).toBe(ErrorCode.notDirectRelation);
    // Another agent's member is outside the line: 20002, never saying more.
    const otherAgent = await gw.sessionFor('ag01010102');
    expect((await gw.refusal('gw.credit.user.device.switch.get', { opsId: otherAgent, userId: member })).code).toBe(
      ErrorCode.accountNotFound,
    );
    // An agent has no devices of its own to switch.
    const agentId = await gw.accountId('ag01010101');
    const refusal = await gw.refusal('gw.credit.user.device.switch.get', { opsId: company, userId: agentId });
    expect([refusal.code, refusal.data?.rule]).toEqual([ErrorCode.illegalOperation, 'not-a-member']);
    const row = await gw.db.one<{ device_pc: boolean }>(sql`SELECT device_pc FROM accounts WHERE id = ${member}`);
    expect(row!.device_pc).toBe(true);
  });

  it('refuses a frozen agent (20012) and a device outside pc, h5 and app (100)', async () => {
    const member = await gw.accountId('mb01010101001');
    const agent = await gw.sessionFor('ag01010101');
    const bad = await gw.refusal('gw.credit.user.device.switch.set', {
      opsId: agent,
      userId: member,
      device: 'tv' as never,
      enabled: false,
    });
    expect([bad.code, bad.data?.field]).toEqual([ErrorCode.invalidParams, 'device']);
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'ag01010101'`);
    const frozen = await gw.sessionFor('ag01010101');
    expect(
      (await gw.refusal('gw.credit.user.device.switch.set', { opsId: frozen, userId: member, device: 'pc', enabled: false })).code,
    ).toBe(ErrorCode.cannotOperate);
    const row = await gw.db.one<{ device_pc: boolean }>(sql`SELECT device_pc FROM accounts WHERE id = ${member}`);
    expect(row!.device_pc).toBe(true);
  });
});

describe('game results', () => {
  const round = (gameCode: string, gameId: string, no: string, endedAt: string, result: object): SiteRound => ({
    siteId: 'demo',
    gameCode,
    gameId,
    round: no,
    startedAt: new Date(Date.parse(endedAt) - 30_000),
    endedAt: new Date(endedAt),
    result,
  });

  it('stores each round once and lists the rounds that ended in the range, newest first, by game, table or round number', async () => {
    await gw.db.run(sql`DELETE FROM game_rounds`);
    const rounds = [
      round('roulette', 'ROU-01', '20261120-0001', '2026-11-20T10:00:00.000Z', { number: 17, colour: 'black' }),
      round('roulette', 'ROU-01', '20261120-0002', '2026-11-20T10:01:00.000Z', { number: 0, colour: 'green' }),
      round('sic-bo', 'SIC-01', '20261120-0001', '2026-11-20T10:00:30.000Z', { dice: [4, 5, 6], total: 15 }),
    ];
    expect(await storeRounds(gw.db, rounds)).toBe(3);
    expect(await storeRounds(gw.db, [rounds[0]!, { ...rounds[1]!, result: { number: 5, colour: 'red' } }])).toBe(0);

    const opsId = await gw.sessionFor('ag01010101');
    const range = { startTime: '2026-11-20T00:00:00.000Z', endTime: '2026-11-21T00:00:00.000Z' };
    const all = await gw.rpc('gw.credit.game.result.query', { opsId, ...range });
    expect(all.total).toBe(3);
    expect(all.list.map((row) => `${row.gameId}/${row.round}`)).toEqual([
      'ROU-01/20261120-0002',
      'SIC-01/20261120-0001',
      'ROU-01/20261120-0001',
    ]);
    // The first report of a round stands: a different result read later changes nothing.
    expect(all.list[0]!.result).toEqual({ number: 0, colour: 'green' });
    const one = await gw.rpc('gw.credit.game.result.query', { opsId, ...range, gameId: 'SIC-01', round: '20261120-0001' });
    expect(one.list).toEqual([
      {
        gameCode: 'sic-bo',
        gameId: 'SIC-01',
        round: '20261120-0001',
        startTime: '2026-11-20T10:00:00.000Z',
        endTime: '2026-11-20T10:00:30.000Z',
        result: { dice: [4, 5, 6], total: 15 },
      },
    ]);
    expect(
      (await gw.rpc('gw.credit.game.result.query', { opsId, ...range, gameCode: 'roulette', pageSize: 1, pageIndex: 2 })).list.map(
        (row) => row.round,
      ),
    ).toEqual(['20261120-0001']);
    const bad = await gw.refusal('gw.credit.game.result.query', { opsId, ...range, round: "1' OR '1" });
    expect([bad.code, bad.data?.field, bad.data?.rule]).toEqual([ErrorCode.invalidParams, 'round', 'round-number']);
  });

  it("shows a site its own members' spins and the live tables' rounds, never another site's spins", async () => {
    await gw.db.run(sql`DELETE FROM game_rounds`);
    const now = new Date('2026-11-21T10:00:00.000Z');
    const feed = (siteId: string, gameCode: string, gameId: string, no: string, result: object) =>
      publish(
        gw.db,
        siteId,
        'round',
        { gameCode, gameId, round: no, startedAt: '2026-11-21T09:59:30.000Z', endedAt: '2026-11-21T09:59:50.000Z', result },
        now,
      );
    const spin = { reels: ['A', 'A', 'K'], stops: [1, 2, 3] };
    await feed('demo', 'fortune-dragon', 'FD-01', 'S-demo-1', spin);
    await feed('demo2', 'fortune-dragon', 'FD-01', 'S-demo2-1', spin);
    await feed('demo2', 'fortune-dragon', 'FD-02', 'S-demo2-2', spin);
    // A live table's round comes in each site's feed and is stored once, for both.
    await feed('demo2', 'roulette', 'ROU-02', '20261121-0001', { number: 7, colour: 'red' });
    await feed('demo', 'roulette', 'ROU-02', '20261121-0001', { number: 7, colour: 'red' });
    await ingestPlatformFeed(gw.db, (q) => simulatorPlatform(q), now);

    const range = { startTime: '2026-11-21T00:00:00.000Z', endTime: '2026-11-22T00:00:00.000Z' };
    const rounds = async (opsId: string, host?: string, gameCode?: string) => {
      const answer = await gw.call(
        'gw.credit.game.result.query',
        { opsId, ...range, ...(gameCode ? { gameCode } : {}) },
        host ? { host } : {},
      );
      const { total, list } = answer.result as { total: number; list: { round: string }[] };
      expect(total).toBe(list.length);
      return list.map((row) => row.round).sort();
    };
    const admin = await gw.sessionFor('admin');
    const admin2 = await gw.sessionFor('admin2', 'demo2');
    expect(await rounds(admin)).toEqual(['20261121-0001', 'S-demo-1']);
    expect(await rounds(admin, undefined, 'fortune-dragon')).toEqual(['S-demo-1']);
    expect(await rounds(await gw.sessionFor('ag01010101'))).toEqual(['20261121-0001', 'S-demo-1']);
    expect(await rounds(admin2, DEMO2)).toEqual(['20261121-0001', 'S-demo2-1', 'S-demo2-2']);
    expect(await rounds(admin2, DEMO2, 'fortune-dragon')).toEqual(['S-demo2-1', 'S-demo2-2']);
  });
});
