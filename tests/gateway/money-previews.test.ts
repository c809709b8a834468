import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatCents } from '../../contract/amount.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { PREVIEW_TTL_MS, type ClosePreview } from '../../contract/points.contract';
import type { RecallPreview } from '../../contract/transfer.contract';
import { sql } from '../../server/kernel/db/sql';
import { sealSecret } from '../../server/kernel/secrets-key';
import { platformSecretContext } from '../../server/kernel/stored-secrets';
import { withFaults, type Fault, type PlatformFor } from '../../server/platform/game-platform';
import { transferIn } from '../../server/points/game-transfers';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { balanceOf as balanceOfAccount, ledgerState } from '../support/ledger-state';
import { startTestGateway, type RpcAnswer, type TestGateway } from '../support/test-gateway';

// The previews of the bill close and of the recall of a member's game wallet
// (docs/product.md#previews): each writes nothing, its token makes the action apply only what
// it showed, and a stale one is refused 20060 with a fresh preview.

let gw: TestGateway;
// The gateway's platform: the simulator, with the faults a test arms (each fires once).
const faults: Fault[] = [];
const platformFor: PlatformFor = (db) => withFaults(simulatorPlatform(db), faults);
let seq = 0;

/** sh0101 (2) closes the bill of its child ga010101 (3). */
const PARENT = 'sh0101';
const AGENT = 'ga010101';
/** A member of ga010101's line, below ag01010102 (4). */
const MEMBER = 'mb01010102001';
const MEMBER_PARENT = 'ag01010102';

const balanceOf = (loginId: string) => balanceOfAccount(gw.db, loginId);

/** Everything a close or a recall may write, in one comparable value. */
async function writtenState() {
  const more = await gw.db.one<{ outs: string | number; statements: string | number; wallet: string }>(sql`
    SELECT (SELECT count(*) FROM transfer_outs) AS outs, (SELECT count(*) FROM statements) AS statements,
           (SELECT string_agg(member_id || ':' || balance, ',' ORDER BY member_id) FROM platform_wallets) AS wallet`);
  return { ...(await ledgerState(gw.db)), outs: Number(more!.outs), statements: Number(more!.statements), wallet: more!.wallet };
}

/** A stale refusal: 20060 with its rule and a fresh preview in its data. */
function staleOf<P>(answer: RpcAnswer, rule = 'preview-changed'): P {
  expect(answer.error?.code, JSON.stringify(answer)).toBe(ErrorCode.previewStale);
  expect(answer.error?.data?.rule).toBe(rule);
  return (answer.error!.data as { preview: P }).preview;
}

async function closePreview(opsId: string, login = AGENT): Promise<ClosePreview> {
  return gw.rpc('gw.credit.agent.to.company.acc.reset.preview', { opsId, userId: await gw.accountId(login) });
}

async function recallPreview(opsId: string, login = MEMBER): Promise<RecallPreview> {
  return gw.rpc('gw.credit.transfer.recall.preview', { opsId, userId: await gw.accountId(login) });
}

/** The member brings `amount` cents into the game (its lobby's transfer in), so that its wallet holds them. */
async function playWith(login: string, amount: number) {
  const memberId = await gw.accountId(login);
  await transferIn(gw.db, platformFor, { siteId: 'demo', memberId, amount, transferId: `MP${++seq}`, now: gw.clock.now() });
}

async function walletOf(login: string): Promise<bigint> {
  return platformFor(gw.db).balance({ siteId: 'demo', memberId: await gw.accountId(login) });
}

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, platformFor, jobs: { run: false } });
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  faults.length = 0;
  await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
  await gw.db.run(sql`DELETE FROM settlements WHERE account_id = ${await gw.accountId(AGENT)}`);
});

describe('gw.credit.agent.to.company.acc.reset.preview', () => {
  it('shows the period and the numbers the close would freeze, writing nothing; its token then closes exactly that', async () => {
    const opsId = await gw.sessionFor(PARENT);
    const state = await writtenState();
    const shown = await closePreview(opsId);
    expect(await writtenState()).toEqual(state);
    expect(shown).toMatchObject({
      method: 'gw.credit.agent.to.company.acc.reset',
      userId: await gw.accountId(AGENT),
      loginId: AGENT,
      lastSettlementId: null,
      balance: formatCents(await balanceOf(AGENT)),
      refusals: [],
    });
    expect(shown.companyLimits.map((limit) => limit.gameType).sort()).toEqual(['electronic', 'live']);
    expect(Date.parse(shown.expiresAt)).toBe(gw.clock.now().getTime() + PREVIEW_TTL_MS);

    const closed = await gw.rpc('gw.credit.agent.to.company.acc.reset', {
      opsId,
      userId: shown.userId,
      previewToken: shown.token,
    });
    expect(closed).toMatchObject({
      periodStart: shown.periodStart,
      periodEnd: shown.periodEnd,
      balance: shown.balance,
      bets: shown.bets,
      validAmount: shown.validAmount,
      valueWonLose: shown.valueWonLose,
      agentToCompany: shown.agentToCompany,
    });

    // Closed today: the next preview names the settlement and lists the refusal, with its message.
    const again = (await gw.call('gw.credit.agent.to.company.acc.reset.preview', { opsId, userId: shown.userId, ztsLang: 'en' }))
      .result as ClosePreview;
    expect(again.lastSettlementId).toBe(closed.settlementId);
    expect(again.refusals).toEqual([
      {
        code: ErrorCode.periodClosedToday,
        message: expect.stringMatching(/closed today/),
        data: { field: 'userId', rule: 'closed-today' },
      },
    ]);
    // The first token no longer holds (the last settlement changed): 20060, with that fresh preview.
    const stale = staleOf<ClosePreview>(
      await gw.call('gw.credit.agent.to.company.acc.reset', { opsId, userId: shown.userId, previewToken: shown.token }),
    );
    expect(stale.lastSettlementId).toBe(closed.settlementId);
    expect(stale.refusals.map((refusal) => refusal.code)).toEqual([ErrorCode.periodClosedToday]);
    // With the fresh token, the close is refused by its rule, as without a preview.
    const refused = await gw.call('gw.credit.agent.to.company.acc.reset', { opsId, userId: shown.userId, previewToken: stale.token });
    expect(refused.error?.code).toBe(ErrorCode.periodClosedToday);
  });

  it('refuses the close when the agent balance moved since the preview, freezing nothing; the fresh preview then applies', async () => {
    const opsId = await gw.sessionFor(PARENT);
    const userId = await gw.accountId(AGENT);
    const shown = await closePreview(opsId);
    await gw.rpc('gw.credit.user.score.up', { opsId: await gw.sessionFor(PARENT), userId, amount: '1.00' });
    const state = await writtenState();
    const fresh = staleOf<ClosePreview>(
      await gw.call('gw.credit.agent.to.company.acc.reset', { opsId, userId, previewToken: shown.token, requestKey: 'close-stale' }),
    );
    expect(await writtenState()).toEqual(state);
    expect(BigInt(fresh.balance.replace('.', ''))).toBe(BigInt(shown.balance.replace('.', '')) + 100n);
    // The refusal kept no request key: the same key confirms the fresh preview.
    const closed = await gw.rpc('gw.credit.agent.to.company.acc.reset', {
      opsId,
      userId,
      previewToken: fresh.token,
      requestKey: 'close-stale',
    });
    expect(closed.balance).toBe(fresh.balance);
  });

  it('holds only for its session and its time; shows nothing of an account that is not a direct child', async () => {
    const opsId = await gw.sessionFor(PARENT);
    const shown = await closePreview(opsId);
    const state = await writtenState();
    staleOf(
      await gw.call('gw.credit.agent.to.company.acc.reset', {
        opsId: await gw.sessionFor(PARENT),
        userId: shown.userId,
        previewToken: shown.token,
      }),
    );
    gw.clock.advance(PREVIEW_TTL_MS + 1);
    staleOf(
      await gw.call('gw.credit.agent.to.company.acc.reset', { opsId, userId: shown.userId, previewToken: shown.token }),
      'preview-expired',
    );
    expect(await writtenState()).toEqual(state);

    const notChild = await gw.call('gw.credit.agent.to.company.acc.reset.preview', {
      opsId: await gw.sessionFor('ma01'),
      userId: shown.userId,
    });
    expect(notChild.error?.code).toBe(ErrorCode.notDirectRelation);
    expect(notChild.result).toBeUndefined();
    const otherLine = await gw.call('gw.credit.agent.to.company.acc.reset.preview', {
      opsId: await gw.sessionFor('sh0201'),
      userId: shown.userId,
    });
    expect(otherLine.error?.code).toBe(ErrorCode.accountNotFound);
  });
});

describe('gw.credit.transfer.recall.preview and gw.credit.transfer.recall', () => {
  it("shows the member's credit and wallet before and after, writing nothing; its token recalls exactly that, logged", async () => {
    await playWith(MEMBER, 4_321);
    const opsId = await gw.sessionFor(MEMBER_PARENT);
    const [credit, wallet] = [await balanceOf(MEMBER), await walletOf(MEMBER)];
    expect(wallet).toBeGreaterThanOrEqual(4_321n);
    const state = await writtenState();
    const shown = await recallPreview(opsId);
    expect(await writtenState()).toEqual(state);
    expect(shown).toMatchObject({
      method: 'gw.credit.transfer.recall',
      loginId: MEMBER,
      balanceBefore: formatCents(credit),
      balanceAfter: formatCents(credit + wallet),
      walletBefore: formatCents(wallet),
      walletAfter: '0.00',
      refusals: [],
    });
    expect(shown.sessionId).not.toBeNull();

    const recalled = await gw.rpc('gw.credit.transfer.recall', { opsId, userId: shown.userId, previewToken: shown.token });
    expect(recalled).toMatchObject({ state: 'done', amount: formatCents(wallet), balance: shown.balanceAfter });
    expect(recalled.serialNo).not.toBeNull();
    expect(await balanceOf(MEMBER)).toBe(credit + wallet);
    expect(await walletOf(MEMBER)).toBe(0n);
    // The score-log row is the transfer out's, its operator the agent; the operation record names the recall.
    const row = await gw.db.one<{ type: string; amount: string; operator_login: string; transfer_id: string; state: string }>(
      sql`SELECT type, amount::text, operator_login, transfer_id, state FROM score_log WHERE serial_no = ${recalled.serialNo!} AND site_id = 'demo'`,
    );
    expect(row).toEqual({
      type: 'out',
      amount: String(wallet),
      operator_login: MEMBER_PARENT,
      transfer_id: recalled.transferId,
      state: 'done',
    });
    const logged = await gw.db.one<{ summary: string }>(
      sql`SELECT summary FROM operation_log WHERE method = 'gw.credit.transfer.recall' ORDER BY id DESC LIMIT 1`,
    );
    expect(logged!.summary).toBe(`TRANSFER_RECALL ${MEMBER} ${formatCents(wallet)} ${recalled.transferId} -> done`);

    // Nothing more at the platform: the preview says so, and the recall is refused 37112.
    const empty = await recallPreview(opsId);
    expect(empty.refusals.map((refusal) => refusal.code)).toEqual([ErrorCode.platformBalanceLow]);
    expect((await gw.call('gw.credit.transfer.recall', { opsId, userId: shown.userId })).error?.code).toBe(ErrorCode.platformBalanceLow);
  });

  it('is refused when the wallet changed between the preview and the recall, and nothing applies; the fresh preview then applies', async () => {
    await playWith(MEMBER, 1_000);
    const opsId = await gw.sessionFor('sh0101');
    const shown = await recallPreview(opsId);
    // The member brings more into the game meanwhile.
    await playWith(MEMBER, 500);
    const state = await writtenState();
    const fresh = staleOf<RecallPreview>(
      await gw.call('gw.credit.transfer.recall', { opsId, userId: shown.userId, previewToken: shown.token }),
    );
    expect(await writtenState()).toEqual(state);
    expect(BigInt(fresh.walletBefore!.replace('.', ''))).toBe(BigInt(shown.walletBefore!.replace('.', '')) + 500n);
    const recalled = await gw.rpc('gw.credit.transfer.recall', { opsId, userId: shown.userId, previewToken: fresh.token });
    expect(recalled.amount).toBe(fresh.walletBefore);
    expect(recalled.balance).toBe(fresh.balanceAfter);
  });

  it('of two recalls sent at once with the same token, exactly one applies; the other is refused with a fresh preview', async () => {
    await playWith(MEMBER, 2_500);
    const opsId = await gw.sessionFor(MEMBER_PARENT);
    const [credit, wallet] = [await balanceOf(MEMBER), await walletOf(MEMBER)];
    const shown = await recallPreview(opsId);
    const outsBefore = (await writtenState()).outs;
    const answers = await Promise.all([
      gw.call('gw.credit.transfer.recall', { opsId, userId: shown.userId, previewToken: shown.token }),
      gw.call('gw.credit.transfer.recall', { opsId, userId: shown.userId, previewToken: shown.token }),
    ]);
    expect(answers.filter((answer) => answer.result !== undefined)).toHaveLength(1);
    const refused = answers.find((answer) => answer.error !== undefined)!;
    const fresh = staleOf<RecallPreview>(refused);
    // The fresh preview is the member as the applied recall left it: nothing more at the platform.
    expect(fresh).toMatchObject({ walletBefore: '0.00', balanceBefore: formatCents(credit + wallet) });
    expect(fresh.refusals.map((refusal) => refusal.code)).toEqual([ErrorCode.platformBalanceLow]);
    expect(await balanceOf(MEMBER)).toBe(credit + wallet);
    expect((await writtenState()).outs).toBe(outsBefore + 1);
  });

  it('lists the refusals: the platform paused, and a transfer of the member still unsettled', async () => {
    await playWith(MEMBER, 700);
    const opsId = await gw.sessionFor(MEMBER_PARENT);
    await gw.db.run(sql`INSERT INTO site_platforms (site_id, kind, url, key_id, secret, paused_at)
      VALUES ('demo', 'http', 'http://127.0.0.1:9', 'paused-key', ${sealSecret('paused-secret', platformSecretContext('demo'))}, now())
      ON CONFLICT (site_id) DO UPDATE SET paused_at = now()`);
    try {
      const paused = await recallPreview(opsId);
      expect(paused.refusals.map((refusal) => refusal.code)).toEqual([ErrorCode.platformPaused]);
      expect(paused.walletBefore).toBeNull();
      expect((await gw.call('gw.credit.transfer.recall', { opsId, userId: paused.userId })).error?.code).toBe(ErrorCode.platformPaused);
    } finally {
      await gw.db.run(sql`DELETE FROM site_platforms WHERE site_id = 'demo' AND key_id = 'paused-key'`);
    }
    // A transfer in whose answer was lost stays pending: the member is busy until the repair settles it.
    faults.push({ call: 'transferIn', when: 'before' });
    await playWith(MEMBER, 100);
    const busy = await recallPreview(opsId);
    expect(busy.refusals.map((refusal) => refusal.code)).toContain(ErrorCode.repairTooEarly);
    const state = await writtenState();
    expect((await gw.call('gw.credit.transfer.recall', { opsId, userId: busy.userId, previewToken: busy.token })).error?.code).toBe(
      ErrorCode.repairTooEarly,
    );
    expect(await writtenState()).toEqual(state);
    await gw.db.run(sql`UPDATE score_log SET state = 'done' WHERE state = 'pending' AND target_account_id = ${busy.userId}::bigint`);
  });

  it("is the right of the member's line with the score right: not another line's, not an agent, not a clerk without code 5", async () => {
    const userId = await gw.accountId(MEMBER);
    expect((await gw.call('gw.credit.transfer.recall.preview', { opsId: await gw.sessionFor('ma02'), userId })).error?.code).toBe(
      ErrorCode.accountNotFound,
    );
    const agent = await gw.call('gw.credit.transfer.recall.preview', {
      opsId: await gw.sessionFor(PARENT),
      userId: await gw.accountId(AGENT),
    });
    expect(agent.error).toMatchObject({ code: ErrorCode.invalidParams, data: { rule: 'not-a-member' } });
    await gw.addSubAccount({ loginId: 'recallclerk', main: MEMBER_PARENT, accessCodes: [1] });
    const clerk = await gw.sessionForSub('recallclerk');
    expect((await gw.call('gw.credit.transfer.recall.preview', { opsId: clerk, userId })).error?.code).toBe(ErrorCode.notAuthorized);
    expect((await gw.call('gw.credit.transfer.recall', { opsId: clerk, userId })).error?.code).toBe(ErrorCode.notAuthorized);
    await gw.addSubAccount({ loginId: 'recallscore', main: MEMBER_PARENT, accessCodes: [5] });
    const scorer = await gw.sessionForSub('recallscore');
    expect((await gw.call('gw.credit.transfer.recall.preview', { opsId: scorer, userId })).result).toBeDefined();
  });
});
