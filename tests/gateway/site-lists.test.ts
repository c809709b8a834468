import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let admin: string;
let admin2: string;
const demo2 = { host: 'demo2.localhost' };

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  admin = await gw.sessionFor('admin');
  admin2 = await gw.sessionFor('admin2', 'demo2');
});
afterAll(async () => {
  await gw.close();
});

describe('area codes', () => {
  it('lists the calling codes of the region, the same for every caller', async () => {
    const list = ((await gw.call('gw.credit.user.area.code.get', { opsId: admin })).result as { list: { region: string; code: string }[] })
      .list;
    expect(list.slice(0, 4)).toEqual([
      { region: 'CN', code: '86' },
      { region: 'HK', code: '852' },
      { region: 'MO', code: '853' },
      { region: 'TW', code: '886' },
    ]);
    expect(list).toContainEqual({ region: 'TH', code: '66' });
    expect(list).toContainEqual({ region: 'US', code: '1' });
    expect(new Set(list.map((item) => item.region)).size).toBe(list.length);
    const agent = await gw.sessionFor('ag01010101');
    expect((await gw.call('gw.credit.user.area.code.get', { opsId: agent })).result).toEqual({ list });
    expect((await gw.call('gw.credit.user.area.code.get', {})).error?.code).toBe(2202);
  });
});

describe('red-limit presets', () => {
  it("lists the site's presets, live first, from the smallest stake, unlimited last", async () => {
    const answer = (await gw.call('gw.credit.limitation.list', { opsId: admin })).result as {
      list: { id: string; gameType: string; minBet: string; maxBet: string }[];
    };
    expect(answer.list.map(({ gameType, minBet, maxBet }) => [gameType, minBet, maxBet])).toEqual([
      ['live', '10.00', '1000.00'],
      ['live', '50.00', '5000.00'],
      ['live', '100.00', '10000.00'],
      ['live', '500.00', '50000.00'],
      ['electronic', '1.00', '500.00'],
      ['electronic', '10.00', '2000.00'],
      ['electronic', '100.00', '0.00'],
    ]);
    const ids = await gw.db.rows<{ id: string | number }>(sql`SELECT id FROM red_limit_presets WHERE site_id = 'demo'`);
    expect(answer.list.map((item) => item.id).sort()).toEqual(ids.map((row) => String(row.id)).sort());
  });

  it('filters by game type, and shows another site only its own', async () => {
    const electronic = (await gw.call('gw.credit.limitation.list', { opsId: admin, gameType: 'electronic' })).result as {
      list: { gameType: string }[];
    };
    expect(electronic.list).toHaveLength(3);
    expect(electronic.list.every((item) => item.gameType === 'electronic')).toBe(true);
    const other = (await gw.call('gw.credit.limitation.list', { opsId: admin2 }, demo2)).result as {
      list: { minBet: string; maxBet: string }[];
    };
    expect(other.list.map(({ minBet, maxBet }) => [minBet, maxBet])).toEqual([
      ['20.00', '2000.00'],
      ['100.00', '10000.00'],
      ['1.00', '1000.00'],
      ['10.00', '0.00'],
    ]);
    // A session of one site is no session on another.
    expect((await gw.call('gw.credit.limitation.list', { opsId: admin }, demo2)).error?.code).toBe(2202);
    expect((await gw.call('gw.credit.limitation.list', { opsId: admin, gameType: 'slots' })).error).toMatchObject({
      code: 100,
      data: { field: 'gameType' },
    });
  });

  it('refuses a preset whose maximum is below its minimum, or no minimum, by constraint', async () => {
    await expect(
      gw.db.run(sql`INSERT INTO red_limit_presets (site_id, game_type, min_bet, max_bet) VALUES ('demo', 'live', 500, 100)`),
    ).rejects.toThrow();
    await expect(
      gw.db.run(sql`INSERT INTO red_limit_presets (site_id, game_type, min_bet, max_bet) VALUES ('demo', 'live', 0, 100)`),
    ).rejects.toThrow();
    await expect(
      gw.db.run(sql`INSERT INTO red_limit_presets (site_id, game_type, min_bet, max_bet) VALUES ('demo', 'slots', 100, 0)`),
    ).rejects.toThrow();
  });
});

describe('currencies', () => {
  it("lists the site's currencies, its default first", async () => {
    expect((await gw.call('gw.credit.currency.list', { opsId: admin })).result).toEqual({
      list: [
        { code: 'CNY', isDefault: true },
        { code: 'IDR', isDefault: false },
        { code: 'THB', isDefault: false },
        { code: 'USD', isDefault: false },
        { code: 'VND', isDefault: false },
      ],
    });
    expect((await gw.call('gw.credit.currency.list', { opsId: admin2 }, demo2)).result).toEqual({
      list: [
        { code: 'THB', isDefault: true },
        { code: 'USD', isDefault: false },
      ],
    });
  });

  it('holds at most one default per site', async () => {
    await expect(gw.db.run(sql`UPDATE site_currencies SET is_default = true WHERE site_id = 'demo' AND code = 'USD'`)).rejects.toThrow();
    await expect(gw.db.run(sql`INSERT INTO site_currencies (site_id, code) VALUES ('demo', 'usd')`)).rejects.toThrow();
  });
});

describe('a site without lists', () => {
  it('answers empty lists', async () => {
    await gw.db.run(sql`DELETE FROM red_limit_presets WHERE site_id = 'demo2'`);
    await gw.db.run(sql`DELETE FROM site_currencies WHERE site_id = 'demo2'`);
    expect((await gw.call('gw.credit.limitation.list', { opsId: admin2 }, demo2)).result).toEqual({ list: [] });
    expect((await gw.call('gw.credit.currency.list', { opsId: admin2 }, demo2)).result).toEqual({ list: [] });
    expect(((await gw.call('gw.credit.currency.list', { opsId: admin })).result as { list: unknown[] }).list).toHaveLength(5);
  });
});
