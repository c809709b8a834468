import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { beijingDayOf } from '../../contract/beijing-time.contract';
import type { StatementContent } from '../../contract/statement.contract';
import { storeBets } from '../../server/games/bet.store';
import { canonicalJson } from '../../server/kernel/canonical-json';
import type { Queryable } from '../../server/kernel/db/database';
import { sql } from '../../server/kernel/db/sql';
import type { PlatformBet } from '../../server/platform/game-platform';
import { checkLedger, checkLedgerInTransaction, type LedgerReport } from '../../server/points/ledger-check';
import { aBet } from '../support/bet-fixture';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// The demo line: sh0101 (2) closes the bill of its child ga010101 (3), whose line holds
// ag01010102 (4) and its member mb01010102002.
const AGENT = 'ga010101';
const MEMBER = 'mb01010102002';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HASH_CHECK = "each statement's content hashes to its stored sha256 and agrees with its columns";
const RECOMPUTE_CHECK = 'each statement recomputes from the score log at its serial, and adds up with its corrections to its bill period';

let gw: TestGateway;
let ids: Record<string, string>;
let orders = 0;
let today: { start: number; date: string };

function bet(overrides: Partial<PlatformBet> = {}): PlatformBet {
  orders += 1;
  const settleTime = new Date(today.start - 12 * HOUR);
  return aBet(ids[MEMBER]!, {
    orderId: String(9_700_000 + orders),
    betTime: new Date(settleTime.getTime() - 60_000),
    settleTime,
    ...overrides,
  });
}

interface Frozen {
  id: string;
  content: StatementContent;
  content_hash: string;
}
const statements = async () =>
  gw.db.rows<Frozen>(sql`SELECT id::text AS id, content, content_hash FROM statements WHERE account_id = ${ids[AGENT]!} ORDER BY id`);

// Sessions are opened at the test clock's time, as it moves across days.
const close = async () => gw.rpc('gw.credit.agent.to.company.acc.reset', { opsId: await gw.sessionFor('sh0101'), userId: ids[AGENT]! });
const scoreUp = async (from: string, to: string, amount: string) =>
  gw.rpc('gw.credit.user.score.up', { opsId: await gw.sessionFor(from), userId: ids[to]!, amount });
const failed = (report: LedgerReport) => report.checks.filter((check) => !check.ok).map((check) => check.name);
const lineBalance = async () =>
  (await gw.db.one<{ sum: bigint }>(sql`SELECT sum(balance) AS sum FROM accounts
     WHERE path LIKE (SELECT path FROM accounts WHERE id = ${ids[AGENT]!}) || '%'`))!.sum;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  ids = {};
  for (const login of ['admin', 'ma01', 'sh0101', AGENT, 'ag01010102', MEMBER]) ids[login] = await gw.accountId(login);
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  for (const table of ['bets', 'report_edge_days', 'report_member_days', 'report_queue'])
    await gw.db.run(sql`DELETE FROM ${sql.identifier(table)}`);
  // The settlements go with their statements (ON DELETE CASCADE).
  await gw.db.run(sql`DELETE FROM settlements WHERE account_id = ${ids[AGENT]!}`);
  today = beijingDayOf(new Date(Date.now() + 2 * DAY));
  gw.clock.set(new Date(today.start - 12 * HOUR));
});

describe('statements frozen by the bill', () => {
  it("freezes the line's balances, movements and bets with the close, hashed, and the ledger check recomputes them", async () => {
    // Yesterday (Beijing): the parent scores the agent up, the agent its child, a member bets.
    await scoreUp('sh0101', AGENT, '100.00');
    await scoreUp(AGENT, 'ag01010102', '30.00');
    await storeBets(gw.db, 'demo', [bet()], gw.clock.now());
    gw.clock.set(new Date(today.start + HOUR));
    const closed = await close();
    // Today, after the close: not in the statement (its period ended at the start of today).
    await scoreUp('sh0101', AGENT, '5.00');

    const [frozen] = await statements();
    const content = frozen!.content;
    expect(content).toMatchObject({
      format: 1,
      agent: { userId: ids[AGENT], loginId: AGENT, level: 3 },
      settlementId: closed.settlementId,
      previousStatementId: null,
      periodStart: closed.periodStart,
      periodEnd: closed.periodEnd,
      lastDay: beijingDayOf(new Date(today.start - 1)).date,
      corrections: [],
    });
    // Every score up of the parent to the agent dated in the period (the seed's and this one).
    const ups = await gw.db.one<{ amount: bigint; n: number }>(sql`SELECT sum(amount) AS amount, count(*)::int AS n FROM score_log
      WHERE type = 'up' AND from_account_id = ${ids.sh0101!} AND to_account_id = ${ids[AGENT]!} AND created_at < ${closed.periodEnd}`);
    expect(content.movements.upFromParent).toEqual({ amount: formatPoints(ups!.amount), count: ups!.n });
    expect(content.openingBalance).toBe('0.00');
    expect(content.movements.upInLine.count).toBeGreaterThanOrEqual(1);
    // The line's balance at the period's end is today's less what came in after it.
    expect(content.closingBalance).toBe(formatPoints((await lineBalance()) - 500n));
    expect(BigInt(content.ledgerSerial)).toBeGreaterThan(0n);
    // The bet part is the bill's.
    expect(content.bets).toMatchObject({ bets: 1, validAmount: '100.00', valueWonLose: '-100.00' });
    expect(content.betsWithCorrections).toMatchObject({
      bets: closed.bets,
      validAmount: closed.validAmount,
      valueWonLose: closed.valueWonLose,
      agentToCompany: closed.agentToCompany,
    });
    expect(frozen!.content_hash).toBe(createHash('sha256').update(canonicalJson(content)).digest('hex'));

    const report = await checkLedger(gw.db, { siteId: 'demo' });
    expect(failed(report)).toEqual([]);
    expect(report.checks.find((check) => check.name === RECOMPUTE_CHECK)?.detail).toBe('1 statements, 0 differ');
  });

  it('never changes a statement: a late movement and a re-settled bet show on the next one as corrections of it', async () => {
    const first = bet();
    await storeBets(gw.db, 'demo', [first], gw.clock.now());
    gw.clock.set(new Date(today.start + HOUR));
    await close();
    const [before] = await statements();

    // Dated inside the closed period (yesterday), written after it was frozen.
    gw.clock.set(new Date(today.start - HOUR));
    await scoreUp('sh0101', AGENT, '7.00');
    // Tomorrow: yesterday's bet is re-settled, an hour later on its own day (the member won 50.00 after all).
    gw.clock.set(new Date(today.start + DAY + HOUR));
    const resettled = { ...first, status: 'resettled' as const, settle: 15_000, winLoss: 5_000 };
    await storeBets(gw.db, 'demo', [{ ...resettled, settleTime: new Date(first.settleTime!.getTime() + HOUR) }], gw.clock.now());
    const second = await close();

    const [again, next] = await statements();
    expect(again).toEqual(before);
    expect(next!.content.previousStatementId).toBe(before!.id);
    expect(next!.content.corrections).toEqual([
      {
        corrects: before!.id,
        correctsPeriodEnd: before!.content.periodEnd,
        movements: expect.objectContaining({ upFromParent: { amount: '7.00', count: 1 } }),
        balance: '7.00',
        bets: expect.objectContaining({ bets: 0, validAmount: '0.00', valueWonLose: '150.00' }),
      },
    ]);
    expect(next!.content.bets.bets).toBe(0);
    // The opening balance is the last closing balance and the late movement.
    expect(BigInt(next!.content.openingBalance.replace('.', ''))).toBe(BigInt(before!.content.closingBalance.replace('.', '')) + 700n);
    expect(next!.content.betsWithCorrections).toMatchObject({
      bets: second.bets,
      valueWonLose: second.valueWonLose,
      agentToCompany: second.agentToCompany,
    });
    expect(failed(await checkLedger(gw.db, { siteId: 'demo' }))).toEqual([]);
  });

  it('refuses to update a statement, and the ledger check fails on one tampered with', async () => {
    await scoreUp('sh0101', AGENT, '100.00');
    gw.clock.set(new Date(today.start + HOUR));
    await close();
    const [frozen] = await statements();
    await expect(gw.db.run(sql`UPDATE statements SET content_hash = content_hash WHERE id = ${frozen!.id}`)).rejects.toThrow(
      /statement-frozen/,
    );

    const tampered = { ...frozen!.content, closingBalance: '999999.00' };
    const tamper = (hash: string) => async (tx: Queryable) => {
      await tx.run(sql`ALTER TABLE statements DISABLE TRIGGER statements_frozen`);
      await tx.run(
        sql`UPDATE statements SET content = ${JSON.stringify(tampered)}::jsonb, content_hash = ${hash} WHERE id = ${frozen!.id}`,
      );
    };
    expect(failed(await reportAfter(tamper(frozen!.content_hash)))).toEqual([HASH_CHECK, RECOMPUTE_CHECK]);
    // Hashed again by whoever changed it: the hash agrees, the score log does not.
    const rehashed = createHash('sha256').update(canonicalJson(tampered)).digest('hex');
    const report = await reportAfter(tamper(rehashed));
    expect(failed(report)).toEqual([RECOMPUTE_CHECK]);
    expect(report.checks.find((check) => check.name === RECOMPUTE_CHECK)!.examples).toEqual([
      `statement ${frozen!.id} (${AGENT}): closingBalance differ`,
    ]);
    // A score-log row of the period changed afterwards is found too.
    const moved = await reportAfter(async (tx) => {
      await tx.run(sql`ALTER TABLE score_log DISABLE TRIGGER ALL`);
      await tx.run(sql`UPDATE score_log SET created_at = ${new Date(today.start + 2 * HOUR)} WHERE site_id = 'demo'
        AND serial_no = (SELECT max(serial_no) FROM score_log WHERE site_id = 'demo' AND to_account_id = ${ids[AGENT]!})`);
    });
    expect(failed(moved)).toContain(RECOMPUTE_CHECK);
  });
});

describe('reading statements', () => {
  it("shows an agent its own statements and its direct children's, the company all, and nobody else", async () => {
    gw.clock.set(new Date(today.start + HOUR));
    await close();
    const [frozen] = await statements();
    const query = async (login: string, params: { userId?: string } = {}) =>
      gw.call('gw.credit.statement.query', { opsId: await gw.sessionFor(login), ...params });
    const get = async (login: string) => gw.call('gw.credit.statement.get', { opsId: await gw.sessionFor(login), statementId: frozen!.id });
    for (const login of ['admin', 'sh0101', AGENT]) {
      const listed = (await query(login)).result as { list: { statementId: string; contentHash: string }[] };
      expect(listed.list, login).toContainEqual(expect.objectContaining({ statementId: frozen!.id, contentHash: frozen!.content_hash }));
      expect((await get(login)).result, login).toEqual({
        statementId: frozen!.id,
        contentHash: frozen!.content_hash,
        hashOk: true,
        content: frozen!.content,
      });
    }
    // Its grandparent and its child: not theirs to read.
    expect((await query('ma01', { userId: ids[AGENT]! })).error).toMatchObject({ code: 20040 });
    expect((await query('ma01')).result).toMatchObject({ list: [] });
    expect((await get('ma01')).error).toMatchObject({ code: 20049 });
    expect((await get('ag01010102')).error).toMatchObject({ code: 20049 });
    expect((await query('sh0101', { userId: ids[AGENT]! })).result).toMatchObject({ total: 1 });
  });
});

describe('a statement as a PDF', () => {
  it("writes the statement in the caller's language with that language's font embedded, and only to whom may read it", async () => {
    gw.clock.set(new Date(today.start + HOUR));
    await close();
    const [frozen] = await statements();
    const pdf = async (language: string, login = 'sh0101') =>
      gw.call('gw.credit.statement.export', { opsId: await gw.sessionFor(login), statementId: frozen!.id, ztsLang: language });
    const fonts: Record<string, string> = {
      zh: 'NotoSansCJKsc-Regular',
      th: 'Garuda',
      en: 'DejaVuSans',
      vi: 'DejaVuSans',
      id: 'DejaVuSans',
    };
    for (const [language, font] of Object.entries(fonts)) {
      const answer = (await pdf(language)).result as { name: string; contentType: string; base64: string };
      expect(answer, language).toMatchObject({ name: `statement-${frozen!.id}.pdf`, contentType: 'application/pdf' });
      const bytes = Buffer.from(answer.base64, 'base64');
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The font is embedded (a subset, its name behind a tag): every glyph of the language is in the file.
      expect(bytes.toString('latin1'), language).toMatch(new RegExp(`/FontName /[A-Z]{6}\\+${font}`));
    }
    expect((await pdf('zh', 'ag01010102')).error).toMatchObject({ code: 20049 });
  });
});

class Rollback extends Error {}

/** The demo site's ledger report after a change made in a transaction that is then rolled back. */
async function reportAfter(change: (tx: Queryable) => Promise<unknown>): Promise<LedgerReport> {
  let report: LedgerReport | undefined;
  await gw.db
    .transaction(async (tx) => {
      await change(tx);
      report = await checkLedgerInTransaction(tx, { siteId: 'demo' });
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return report!;
}

function formatPoints(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
