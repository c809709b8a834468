import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { BALANCE_ASOF_PAGE_MAX } from '../../contract/balance-asof.contract';
import { sql } from '../../server/kernel/db/sql';
import { transferIn, transferOut } from '../../server/points/game-transfers';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;

/** The chain of fresh accounts the movements play on: company -> level 1 -> ... -> member. */
const chain = ['admin', 'asof1', 'asof2', 'asof3', 'asof4', 'asofmb'] as const;
type Login = (typeof chain)[number];
const ids = new Map<string, string>();
const idOf = (login: string) => ids.get(login)!;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  // Past every seeded row, so the movements below are the newest of their accounts.
  gw.clock.advance(86_400_000);
  await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
  for (let level = 1; level < chain.length; level++) {
    await gw.addAccount({ loginId: chain[level]!, parent: chain[level - 1]!, level });
  }
  await gw.db.run(sql`UPDATE accounts SET point_limit = 100000000000 WHERE site_id = 'demo' AND login_id LIKE 'asof%'`);
  for (const login of chain) ids.set(login, await gw.accountId(login));
  ids.set('wallet', String((await gw.db.one<{ id: bigint }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND kind = 'wallet'`))!.id));
});
afterAll(async () => {
  await gw.close();
});

type Move = { kind: 'up' | 'down'; pair: number; amount: number; gap: number } | { kind: 'in' | 'out'; amount: number; gap: number };

const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('up' as const, 'down' as const),
    pair: fc.integer({ min: 0, max: chain.length - 2 }),
    amount: fc.integer({ min: 1, max: 2_000_000 }),
    // 0: two movements in the same millisecond (the serial orders them).
    gap: fc.constantFrom(0, 1, 7, 1000, 60_000),
  }),
  fc.record({
    kind: fc.constantFrom('in' as const, 'out' as const),
    amount: fc.integer({ min: 1, max: 500_000 }),
    gap: fc.constantFrom(0, 1, 1000),
  }),
);

let transfers = 0;

/** Plays one movement through the gateway (or the lobby's transfer); a refusal (a balance too low, a member in a game) moves nothing. */
async function play(m: Move) {
  gw.clock.advance(m.gap);
  const now = gw.clock.now();
  if (m.kind === 'up' || m.kind === 'down') {
    const parent: Login = chain[m.pair]!;
    const child: Login = chain[m.pair + 1]!;
    await gw.call(`gw.credit.user.score.${m.kind}`, {
      opsId: await gw.sessionFor(parent),
      userId: idOf(child),
      amount: (m.amount / 100).toFixed(2),
    });
    return;
  }
  const platform = simulatorPlatform(gw.db);
  const input = { siteId: 'demo', memberId: idOf('asofmb'), amount: m.amount, now, transferId: `asof-${++transfers}` };
  await (m.kind === 'in' ? transferIn : transferOut)(gw.db, () => platform, input).catch(() => undefined);
}

interface LogRow {
  serial_no: bigint;
  type: string;
  from_account_id: bigint | null;
  to_account_id: bigint;
  amount: bigint;
  created_at: string | Date;
}

const watched = ['admin', 'asof1', 'asof2', 'asof3', 'asof4', 'asofmb', 'wallet'];

async function balancesNow(): Promise<Map<string, bigint>> {
  const rows = await gw.db.rows<{ id: bigint; balance: bigint }>(
    sql`SELECT id, balance FROM accounts WHERE id = ANY (${`{${watched.map(idOf).join(',')}}`}::bigint[])`,
  );
  return new Map(rows.map((row) => [String(row.id), BigInt(row.balance)]));
}

const cents = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

describe('balances as of an instant agree with a replay of the score log', () => {
  it('at every instant a movement was recorded, just before it, and between, for every account and the game wallet', async () => {
    const admin = await gw.sessionFor('admin');
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 14 }), async (moves) => {
        // Every row before this run is at or before `start`: the replay starts from the balances now.
        gw.clock.advance(1);
        const start = gw.clock.now().getTime();
        const base = await balancesNow();
        const serial = (await gw.db.one<{ s: bigint }>(sql`SELECT score_serial AS s FROM sites WHERE id = 'demo'`))!.s;
        gw.clock.advance(1);
        for (const m of moves) await play(m);
        const rows = await gw.db.rows<LogRow>(sql`
          SELECT serial_no, type, from_account_id, to_account_id, amount, created_at FROM score_log
           WHERE site_id = 'demo' AND serial_no > ${String(serial)}::bigint ORDER BY serial_no`);
        // Replayed from the amounts alone (not the rows' balance columns): the balances after each instant.
        const instants = [start, ...new Set(rows.map((row) => new Date(row.created_at).getTime()))];
        for (const at of instants.flatMap((t) => [t - 1, t, t + 1])) {
          const expected = new Map(base);
          for (const row of rows) {
            if (new Date(row.created_at).getTime() > at) break;
            const amount = BigInt(row.amount);
            if (row.from_account_id !== null && expected.has(String(row.from_account_id))) {
              expected.set(String(row.from_account_id), expected.get(String(row.from_account_id))! - amount);
            }
            if (expected.has(String(row.to_account_id)))
              expected.set(String(row.to_account_id), expected.get(String(row.to_account_id))! + amount);
          }
          if (at < start) continue;
          const iso = new Date(at).toISOString();
          const tree = watched.filter((login) => login !== 'wallet');
          const page = await gw.rpc('gw.credit.balance.asof.page', { opsId: admin, at: iso, userIds: tree.map(idOf) });
          expect(
            page.list.map((row) => row.balance),
            iso,
          ).toEqual(tree.map((login) => cents(expected.get(idOf(login))!)));
          const wallet = await gw.rpc('gw.credit.balance.asof', { opsId: admin, at: iso, gameWallet: true });
          expect(wallet.balance, `wallet ${iso}`).toBe(cents(expected.get(idOf('wallet'))!));
          const member = await gw.rpc('gw.credit.balance.asof', { opsId: admin, at: iso, userId: idOf('asofmb') });
          expect(member.balance, `member ${iso}`).toBe(cents(expected.get(idOf('asofmb'))!));
        }
        // After the last movement: the balances the accounts hold now.
        const now = await balancesNow();
        const last = new Date(gw.clock.now().getTime() + 1).toISOString();
        const page = await gw.rpc('gw.credit.balance.asof.page', { opsId: admin, at: last, userIds: watched.slice(0, 6).map(idOf) });
        expect(page.list.map((row) => row.balance)).toEqual(watched.slice(0, 6).map((login) => cents(now.get(idOf(login))!)));
      }),
      { numRuns: 25 },
    );
  });

  it('answers 0.00 with no row before an account was first moved, and names the row a balance comes from', async () => {
    gw.clock.advance(1000);
    await gw.addAccount({ loginId: 'asof2b', parent: 'asof1', level: 2 });
    const fresh = await gw.accountId('asof2b');
    await gw.db.run(sql`UPDATE accounts SET point_limit = 100000000 WHERE id = ${fresh}::bigint`);
    await gw.rpc('gw.credit.user.score.up', { opsId: await gw.sessionFor('admin'), userId: idOf('asof1'), amount: '100' });
    const before = gw.clock.now().toISOString();
    gw.clock.advance(1000);
    const opsId = await gw.sessionFor('asof1');
    const moved = await gw.rpc('gw.credit.user.score.up', { opsId, userId: fresh, amount: '12.34' });
    const at = gw.clock.now().toISOString();
    expect(await gw.rpc('gw.credit.balance.asof', { opsId, at: before, userId: fresh })).toEqual({
      at: before,
      userId: fresh,
      loginId: 'asof2b',
      gameWallet: false,
      balance: '0.00',
      serialNo: null,
      movedAt: null,
    });
    expect(await gw.rpc('gw.credit.balance.asof', { opsId, at, userId: fresh })).toMatchObject({
      balance: '12.34',
      serialNo: moved.serialNo,
      movedAt: at,
    });
  });

  it("pages the direct children of a parent of the caller's line in the order they were added, with the parent's child count", async () => {
    const opsId = await gw.sessionFor('asof1');
    const at = gw.clock.now().toISOString();
    const page = await gw.rpc('gw.credit.balance.asof.page', { opsId, at, pageSize: 1 });
    expect(page.total).toBe(2);
    expect(page.list.map((row) => row.loginId)).toEqual(['asof2']);
    expect(page.next).toBe(page.list[0]!.userId);
    const second = await gw.rpc('gw.credit.balance.asof.page', { opsId, at, pageSize: 1, after: page.next! });
    expect(second.list.map((row) => row.loginId)).toEqual(['asof2b']);
    // The last page says so: no cursor to read on from.
    expect(second.next).toBeNull();
    const below = await gw.rpc('gw.credit.balance.asof.page', { opsId, at, parentId: idOf('asof3') });
    expect(below).toMatchObject({ total: 1, list: [{ loginId: 'asof4' }] });
    const fromAdmin = await gw.rpc('gw.credit.balance.asof.page', { opsId: await gw.sessionFor('admin'), at, parentId: idOf('asof1') });
    expect(fromAdmin.list.map((row) => [row.loginId, row.balance])).toEqual(
      page.list.concat(second.list).map((row) => [row.loginId, row.balance]),
    );
  });
});

describe('paging the children with a cursor', () => {
  /** A child of the parent stamped `createdAt` (SQL, as a slower transaction would commit it: after later ones). */
  const addChild = async (parent: string, loginId: string, createdAt: Date | string) => {
    await gw.addAccount({ loginId, parent, level: 3 });
    await gw.db.run(sql`UPDATE accounts SET created_at = ${new Date(createdAt)} WHERE site_id = 'demo' AND login_id = ${loginId}`);
    return gw.accountId(loginId);
  };
  const order = async (parentId: string) =>
    (await gw.db.rows<{ id: bigint }>(sql`SELECT id FROM accounts WHERE parent_id = ${parentId}::bigint ORDER BY created_at, id`)).map(
      (row) => String(row.id),
    );

  it('joins pages up with no gap and no repeat while accounts are added, before the cursor and after it', async () => {
    await gw.addAccount({ loginId: 'asofpg', parent: 'asof1', level: 2 });
    const parentId = await gw.accountId('asofpg');
    const base = Date.parse('2026-06-01T00:00:00.000Z');
    // 21 children one second apart; two pairs share a stamp (the id orders them).
    const stamps = Array.from({ length: 21 }, (_, n) => base + 1000 * (n === 6 || n === 14 ? n - 1 : n));
    for (const [n, stamp] of stamps.entries()) await addChild('asofpg', `asofpg${String(n).padStart(2, '0')}`, new Date(stamp));
    const before = await order(parentId);
    const opsId = await gw.sessionFor('asof1');
    const at = gw.clock.now().toISOString();
    const seen: string[] = [];
    let after: string | undefined;
    let added = 0;
    let ended = false;
    for (let pages = 0; pages < 40 && !ended; pages++) {
      // New accounts while the pages are read: one stamped before the cursor (already read), one
      // just after it (not read yet), one now (the end), the last beside the page call itself.
      const cursorStamp =
        after === undefined
          ? base - 500
          : new Date((await gw.db.one<{ t: Date }>(sql`SELECT created_at AS t FROM accounts WHERE id = ${after}::bigint`))!.t).getTime();
      await addChild('asofpg', `asofpgb${pages}`, new Date(cursorStamp - 250));
      await addChild('asofpg', `asofpga${pages}`, new Date(cursorStamp + 250));
      const [page] = await Promise.all([
        gw.rpc('gw.credit.balance.asof.page', { opsId, at, parentId, pageSize: 4, ...(after ? { after } : {}) }),
        addChild('asofpg', `asofpgn${pages}`, new Date()),
      ]);
      added += 3;
      expect(page.list.length, `page ${pages}`).toBeLessThanOrEqual(4);
      seen.push(...page.list.map((row) => row.userId));
      expect(page.total).toBeGreaterThanOrEqual(before.length + added - 1);
      expect(page.total).toBeLessThanOrEqual(before.length + added);
      if (page.next === null) ended = true;
      else {
        expect(page.next).toBe(page.list[page.list.length - 1]!.userId);
        after = page.next;
      }
    }
    expect(ended).toBe(true);
    // No repeat, and every account there before the first page is in (no gap).
    expect(new Set(seen).size).toBe(seen.length);
    expect(before.filter((id) => !seen.includes(id))).toEqual([]);
    // In the list's order (added, the id breaking ties), each page after the last one read.
    const now = await order(parentId);
    expect(seen).toEqual(now.filter((id) => seen.includes(id)));
    // What was added ahead of a cursor is read; what landed behind it (already read past) is not.
    const logins = new Map(
      (
        await gw.db.rows<{ id: bigint; login_id: string }>(sql`SELECT id, login_id FROM accounts WHERE parent_id = ${parentId}::bigint`)
      ).map((row) => [String(row.id), row.login_id]),
    );
    const read = seen.map((id) => logins.get(id)!);
    expect(read.filter((login) => login.startsWith('asofpga')).length).toBeGreaterThan(0);
    expect(read.filter((login) => login.startsWith('asofpgb') && login !== 'asofpgb0')).toEqual([]);
    expect(read).toContain('asofpgb0');
  });
});

describe('who may read balances as of an instant', () => {
  const at = () => gw.clock.now().toISOString();
  const code = async (method: string, caller: string, params: Record<string, unknown>, host?: string) => {
    const answer = await gw.call(method, { opsId: await gw.sessionFor(caller, host ? 'demo2' : 'demo'), at: at(), ...params }, { host });
    return answer.error ? answer.error.code : 'ok';
  };

  it("answers the caller's own account and its line's, and refuses another line, another site or an unknown account with 20002", async () => {
    expect(await code('gw.credit.balance.asof', 'asof2', {})).toBe('ok');
    expect(await code('gw.credit.balance.asof', 'asof2', { userId: idOf('asofmb') })).toBe('ok');
    expect(await code('gw.credit.balance.asof', 'asof2', { userId: idOf('asof1') })).toBe(ErrorCode.accountNotFound);
    expect(await code('gw.credit.balance.asof', 'asof2', { userId: await gw.accountId('sh0101') })).toBe(ErrorCode.accountNotFound);
    expect(await code('gw.credit.balance.asof', 'ma01', { userId: await gw.accountId('ma01', 'demo2') })).toBe(ErrorCode.accountNotFound);
    expect(await code('gw.credit.balance.asof', 'asof2', { userId: '999999999' })).toBe(ErrorCode.accountNotFound);
    // The site's game wallet is outside every line: the company's alone, and never by its id.
    expect(await code('gw.credit.balance.asof', 'asof1', { gameWallet: true })).toBe(ErrorCode.accountNotFound);
    expect(await code('gw.credit.balance.asof', 'admin', { gameWallet: true })).toBe('ok');
    expect(await code('gw.credit.balance.asof', 'admin', { userId: idOf('wallet') })).toBe(ErrorCode.accountNotFound);
  });

  it('refuses a page of another line, or with one account outside the line among its ids, with 20002', async () => {
    expect(await code('gw.credit.balance.asof.page', 'asof2', { parentId: idOf('asof3') })).toBe('ok');
    expect(await code('gw.credit.balance.asof.page', 'asof2', { parentId: idOf('asof1') })).toBe(ErrorCode.accountNotFound);
    expect(await code('gw.credit.balance.asof.page', 'asof2', { userIds: [idOf('asof3'), idOf('asof2')] })).toBe('ok');
    for (const outside of [idOf('asof1'), await gw.accountId('ma01', 'demo2'), idOf('wallet'), '999999999']) {
      expect(await code('gw.credit.balance.asof.page', 'asof2', { userIds: [idOf('asof3'), outside] }), outside).toBe(
        ErrorCode.accountNotFound,
      );
    }
  });

  it("refuses a cursor that is not one of the parent's children with 20002", async () => {
    // asof4 is of asof2's line, but a child of asof3, not of asof2.
    expect(await code('gw.credit.balance.asof.page', 'asof2', { after: idOf('asof3') })).toBe('ok');
    for (const cursor of [idOf('asof4'), idOf('asof1'), await gw.accountId('ma01', 'demo2'), '999999999']) {
      expect(await code('gw.credit.balance.asof.page', 'asof2', { after: cursor }), cursor).toBe(ErrorCode.accountNotFound);
    }
  });

  it('refuses a clerk without the score log code (11003), and agents while the site hides finance', async () => {
    await gw.addSubAccount({ loginId: 'asofclerk1', main: 'asof1', accessCodes: [1] });
    await gw.addSubAccount({ loginId: 'asofclerk6', main: 'asof1', accessCodes: [6] });
    for (const method of ['gw.credit.balance.asof', 'gw.credit.balance.asof.page']) {
      const call = async (login: string) => (await gw.call(method, { opsId: await gw.sessionForSub(login), at: at() })).error?.code ?? 'ok';
      expect([await call('asofclerk1'), await call('asofclerk6')], method).toEqual([ErrorCode.notAuthorized, 'ok']);
    }
    await gw.db.run(sql`UPDATE sites SET finance_visible = false WHERE id = 'demo'`);
    try {
      expect(await code('gw.credit.balance.asof', 'asof1', {})).toBe(ErrorCode.notAuthorized);
      expect(await code('gw.credit.balance.asof', 'admin', {})).toBe('ok');
    } finally {
      await gw.db.run(sql`UPDATE sites SET finance_visible = true WHERE id = 'demo'`);
    }
  });
});

describe('bad input to the balances as of an instant', () => {
  const refused = async (method: string, params: Record<string, unknown>) => {
    const answer = await gw.call(method, { opsId: await gw.sessionFor('asof1'), ...params });
    return [answer.error?.code, answer.error?.data?.field, answer.error?.data?.rule];
  };

  it('refuses a missing or bad instant, both an account and the wallet, and bad pages with the catalogue codes', async () => {
    const now = gw.clock.now().toISOString();
    expect(await refused('gw.credit.balance.asof', {})).toEqual([ErrorCode.missingParams, 'at', expect.anything()]);
    expect((await refused('gw.credit.balance.asof', { at: 'yesterday' })).slice(0, 2)).toEqual([ErrorCode.invalidParams, 'at']);
    expect(await refused('gw.credit.balance.asof', { at: '1999-12-31T23:59:59.999Z' })).toEqual([
      ErrorCode.invalidParams,
      'at',
      'time-range',
    ]);
    expect((await refused('gw.credit.balance.asof', { at: now, userId: '0' })).slice(0, 2)).toEqual([ErrorCode.invalidParams, 'userId']);
    expect(await refused('gw.credit.balance.asof', { at: now, userId: idOf('asof2'), gameWallet: true })).toEqual([
      ErrorCode.invalidParams,
      'gameWallet',
      'one-account',
    ]);
    const page = 'gw.credit.balance.asof.page';
    expect((await refused(page, { at: now, userIds: [] })).slice(0, 2)).toEqual([ErrorCode.invalidParams, 'userIds']);
    const many = Array.from({ length: BALANCE_ASOF_PAGE_MAX + 1 }, () => idOf('asof2'));
    expect((await refused(page, { at: now, userIds: many })).slice(0, 2)).toEqual([ErrorCode.invalidParams, 'userIds']);
    expect((await refused(page, { at: now, pageSize: BALANCE_ASOF_PAGE_MAX + 1 })).slice(0, 2)).toEqual([
      ErrorCode.invalidParams,
      'pageSize',
    ]);
    expect((await refused(page, { at: now, after: 'x' })).slice(0, 2)).toEqual([ErrorCode.invalidParams, 'after']);
    expect(await refused(page, { at: now, after: idOf('asof2'), userIds: [idOf('asof2')] })).toEqual([
      ErrorCode.invalidParams,
      'after',
      'cursor-with-ids',
    ]);
    expect(await refused(page, { at: now, parentId: idOf('asof2'), userIds: [idOf('asof2')] })).toEqual([
      ErrorCode.invalidParams,
      'userIds',
      'one-account',
    ]);
  });
});
