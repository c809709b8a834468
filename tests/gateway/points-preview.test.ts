import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatCents } from '../../contract/amount.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { PREVIEW_TTL_MS, type ScorePreview } from '../../contract/points.contract';
import type { TransferResult } from '../../machines/score-transfer.machine';
import { balanceOf as balanceOfAccount, ledgerState as ledgerStateOf } from '../support/ledger-state';
import { startTestGateway, type RpcAnswer, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
const idOf = (loginId: string) => gw.accountId(loginId);
const balanceOf = (loginId: string) => balanceOfAccount(gw.db, loginId);
const ledgerState = () => ledgerStateOf(gw.db);

type Direction = 'up' | 'down';

async function preview(opsId: string, direction: Direction, target: string, amount: string, extra: Record<string, unknown> = {}) {
  return gw.call('gw.credit.user.score.preview', { opsId, direction, userId: await idOf(target), amount, ...extra });
}

async function previewed(opsId: string, direction: Direction, target: string, amount: string, extra: Record<string, unknown> = {}) {
  const answer = await preview(opsId, direction, target, amount, extra);
  expect(answer.error, JSON.stringify(answer)).toBeUndefined();
  return answer.result as ScorePreview;
}

async function act(opsId: string, direction: Direction, target: string, amount: string, extra: Record<string, unknown> = {}) {
  return gw.call(`gw.credit.user.score.${direction}`, { opsId, userId: await idOf(target), amount, ...extra });
}

/** A stale refusal: 20060 with its rule and a fresh preview in its data, nothing changed. */
function staleOf(answer: RpcAnswer, rule: string): ScorePreview {
  expect(answer.error?.code, JSON.stringify(answer)).toBe(ErrorCode.previewStale);
  expect(answer.error?.data?.rule).toBe(rule);
  return (answer.error!.data as { preview: ScorePreview }).preview;
}

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1, in_game = false`);
  await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
});

describe('gw.credit.user.score.preview', () => {
  it('shows both postings, the point limit left and no refusal, writing nothing; its token then applies exactly that', async () => {
    const opsId = await gw.sessionFor('admin');
    const [admin, ma01] = [await balanceOf('admin'), await balanceOf('ma01')];
    const limit = BigInt(
      (await gw.db.one<{ point_limit: string }>(sql`SELECT point_limit FROM accounts WHERE login_id = 'ma01'`))!.point_limit,
    );
    const state = await ledgerState();
    const shown = await previewed(opsId, 'up', 'ma01', '12.34', { comment: 'weekly' });
    expect(await ledgerState()).toEqual(state);
    expect(shown).toMatchObject({
      method: 'gw.credit.user.score.up',
      userId: await idOf('ma01'),
      amount: '12.34',
      comment: 'weekly',
      postings: [
        { userId: await idOf('admin'), loginId: 'admin', role: 'operator', before: formatCents(admin), after: formatCents(admin - 1234n) },
        { userId: await idOf('ma01'), loginId: 'ma01', role: 'target', before: formatCents(ma01), after: formatCents(ma01 + 1234n) },
      ],
      pointLimit: formatCents(limit),
      limitLeftBefore: formatCents(limit - ma01),
      limitLeftAfter: formatCents(limit - ma01 - 1234n),
      refusals: [],
    });
    expect(Date.parse(shown.expiresAt)).toBe(gw.clock.now().getTime() + PREVIEW_TTL_MS);

    const done = await act(opsId, 'up', 'ma01', '12.34', { comment: 'weekly', previewToken: shown.token });
    const result = done.result as TransferResult;
    expect(result).toMatchObject({ before: shown.postings[1]!.before, after: shown.postings[1]!.after });
    expect({ before: result.operatorBefore, after: result.operatorAfter }).toEqual({
      before: shown.postings[0]!.before,
      after: shown.postings[0]!.after,
    });
    expect(await balanceOf('ma01')).toBe(ma01 + 1234n);
  });

  it('lists every rule that would refuse the action, with its catalogue message in the caller language', async () => {
    const opsId = await gw.sessionFor('ma02');
    const child = 'sh0201';
    const held = await balanceOf('ma02');
    const answer = await gw.call('gw.credit.user.score.preview', {
      opsId,
      direction: 'up',
      userId: await idOf(child),
      amount: formatCents(held + 100n),
      ztsLang: 'en',
    });
    const shown = answer.result as ScorePreview;
    expect(shown.refusals.map((refusal) => refusal.code)).toEqual(expect.arrayContaining([ErrorCode.operatorBalanceLow]));
    expect(shown.refusals.find((refusal) => refusal.code === ErrorCode.operatorBalanceLow)!.message).toMatch(/[A-Za-z]/);
    // The target frozen, and scored down below its balance: both rules listed, in the ledger's order.
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = ${child}`);
    const down = await previewed(opsId, 'down', child, formatCents((await balanceOf(child)) + 1n));
    expect(down.refusals.map((refusal) => refusal.code)).toEqual([ErrorCode.targetStatusForbidsScore, ErrorCode.targetBalanceLow]);
    // The action is refused by the first of them, as without a preview.
    const refused = await act(opsId, 'down', child, formatCents((await balanceOf(child)) + 1n), { previewToken: down.token });
    expect(refused.error?.code).toBe(ErrorCode.targetStatusForbidsScore);
  });

  it('refuses an account that is not a direct child as the action would, showing no balance of it', async () => {
    const opsId = await gw.sessionFor('admin');
    const answer = await preview(opsId, 'up', 'sh0101', '1');
    expect(answer.error?.code).toBe(ErrorCode.notDirectRelation);
    expect(answer.result).toBeUndefined();
  });
});

describe('a score up or down carrying a preview token', () => {
  it('of two score ups previewed on the same balances, applies the first and refuses the second with a fresh preview', async () => {
    const opsId = await gw.sessionFor('admin');
    const [admin, ma01, ma02] = [await balanceOf('admin'), await balanceOf('ma01'), await balanceOf('ma02')];
    const [first, second] = [await previewed(opsId, 'up', 'ma01', '5'), await previewed(opsId, 'up', 'ma02', '7')];
    expect(first.postings[0]!.before).toBe(second.postings[0]!.before);
    // Sent at the same moment: the row lock orders them, and whichever comes second sees the operator's balance moved.
    const answers = await Promise.all([
      act(opsId, 'up', 'ma01', '5', { previewToken: first.token }),
      act(opsId, 'up', 'ma02', '7', { previewToken: second.token }),
    ]);
    const applied = answers.filter((answer) => answer.result !== undefined);
    expect(applied).toHaveLength(1);
    const refusedIndex = answers.findIndex((answer) => answer.error !== undefined);
    const fresh = staleOf(answers[refusedIndex]!, 'preview-changed');
    const moved = refusedIndex === 0 ? 700n : 500n;
    expect(fresh.postings[0]!.before).toBe(formatCents(admin - moved));
    expect(await balanceOf('admin')).toBe(admin - moved);
    expect([await balanceOf('ma01'), await balanceOf('ma02')]).toEqual(refusedIndex === 0 ? [ma01, ma02 + 700n] : [ma01 + 500n, ma02]);

    // Confirmed again on the fresh preview, it applies what that one showed.
    const [target, amount] = refusedIndex === 0 ? ['ma01', '5'] : ['ma02', '7'];
    const again = await act(opsId, 'up', target, amount, { previewToken: fresh.token });
    expect((again.result as TransferResult).operatorAfter).toBe(fresh.postings[0]!.after);
    expect(await balanceOf('admin')).toBe(admin - 1200n);
  });

  it('is refused when another movement changed a balance between the preview and the action, and nothing applies', async () => {
    const opsId = await gw.sessionFor('ma01');
    const member = 'sh0101';
    const shown = await previewed(opsId, 'down', member, '3');
    // The same child moved meanwhile by another session of the same operator.
    expect((await act(await gw.sessionFor('ma01'), 'up', member, '1')).result).toBeDefined();
    const state = await ledgerState();
    const fresh = staleOf(await act(opsId, 'down', member, '3', { previewToken: shown.token, requestKey: 'stale-1' }), 'preview-changed');
    expect(await ledgerState()).toEqual(state);
    expect(BigInt(fresh.postings[1]!.before.replace('.', ''))).toBe(BigInt(shown.postings[1]!.before.replace('.', '')) + 100n);
    // The refusal kept no request key: the same key confirms the fresh preview.
    const done = await act(opsId, 'down', member, '3', { previewToken: fresh.token, requestKey: 'stale-1' });
    expect((done.result as TransferResult).before).toBe(fresh.postings[1]!.before);
  });

  it('holds only for its caller session, its inputs and its time', async () => {
    const opsId = await gw.sessionFor('admin');
    const shown = await previewed(opsId, 'up', 'ma03', '2', { comment: 'seen' });
    const state = await ledgerState();
    const refusals = [
      await act(await gw.sessionFor('admin'), 'up', 'ma03', '2', { comment: 'seen', previewToken: shown.token }),
      await act(opsId, 'up', 'ma03', '2.01', { comment: 'seen', previewToken: shown.token }),
      await act(opsId, 'up', 'ma03', '2', { comment: 'not seen', previewToken: shown.token }),
      await act(opsId, 'down', 'ma03', '2', { comment: 'seen', previewToken: shown.token }),
      await act(opsId, 'up', 'ma03', '2', { comment: 'seen', previewToken: `${shown.token.slice(0, -2)}AA` }),
    ];
    for (const answer of refusals) staleOf(answer, 'preview-changed');
    expect(await ledgerState()).toEqual(state);

    gw.clock.advance(PREVIEW_TTL_MS + 1);
    const fresh = staleOf(await act(opsId, 'up', 'ma03', '2', { comment: 'seen', previewToken: shown.token }), 'preview-expired');
    expect(fresh.postings).toEqual(shown.postings);
    expect(await ledgerState()).toEqual(state);
    expect((await act(opsId, 'up', 'ma03', '2', { comment: 'seen', previewToken: fresh.token })).result).toBeDefined();
  });

  it('keeps the request key: a retry with another preview token answers the first result and moves points once', async () => {
    const opsId = await gw.sessionFor('admin');
    const ma02 = await balanceOf('ma02');
    const shown = await previewed(opsId, 'up', 'ma02', '4');
    const first = await act(opsId, 'up', 'ma02', '4', { previewToken: shown.token, requestKey: 'preview-retry' });
    const again = await previewed(opsId, 'up', 'ma02', '4');
    const retry = await act(opsId, 'up', 'ma02', '4', { previewToken: again.token, requestKey: 'preview-retry' });
    expect(retry.result).toEqual(first.result);
    expect(await balanceOf('ma02')).toBe(ma02 + 400n);
    // Without a token the action runs as it always has (API clients).
    expect((await act(opsId, 'up', 'ma02', '1')).result).toBeDefined();
    expect(await balanceOf('ma02')).toBe(ma02 + 500n);
    // A token not of the contract's form is a bad param.
    const malformed = await act(opsId, 'up', 'ma02', '1', { previewToken: 'nope' });
    expect(malformed.error).toMatchObject({ code: ErrorCode.invalidParams, data: { field: 'previewToken', rule: 'preview-token' } });
  });
});
