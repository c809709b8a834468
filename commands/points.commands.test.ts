import { describe, expect, it, vi } from 'vitest';
import { formatCents, parseCents } from '../contract/amount.contract';
import type { ScorePreview } from '../contract/points.contract';
import type { CommandContext, Rights } from './command';
import { pointsCommands } from './points.commands';

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};
const child = {
  userId: '7',
  loginId: 'ma01',
  parentId: '1',
  level: 1,
  status: 1,
  teamStatus: 1,
  balance: '1000000.00',
  pointLimit: '5000000.00',
};

/** The gateway's preview as it would answer for the giver holding `own` and the child above, the token naming the giver's balance. */
function previewOf(params: { direction: 'up' | 'down'; userId: string; amount: string }, own: string): ScorePreview {
  const by = BigInt(parseCents(params.amount)!) * (params.direction === 'up' ? 1n : -1n);
  const moved = (balance: string, sign: bigint) => formatCents(BigInt(parseCents(balance)!) + sign * by);
  return {
    method: `gw.credit.user.score.${params.direction}`,
    userId: params.userId,
    amount: formatCents(BigInt(parseCents(params.amount)!)),
    comment: '',
    postings: [
      { userId: '1', loginId: 'admin', role: 'operator', before: own, after: moved(own, -1n) },
      { userId: '7', loginId: 'ma01', role: 'target', before: child.balance, after: moved(child.balance, 1n) },
    ],
    pointLimit: child.pointLimit,
    limitLeftBefore: formatCents(4_000_000_00n),
    limitLeftAfter: formatCents(4_000_000_00n - by),
    refusals: [],
    token: `v1.${own}.token`,
    expiresAt: '2026-12-07T00:02:00.000Z',
  };
}

function palette(confirmed: boolean, ownBalance?: string, stale?: { own: string }) {
  const reports: { ok: boolean; message?: string }[] = [];
  const confirm = vi.fn(async (_request: { description: string }) => confirmed);
  const context = {
    rights: company,
    currency: 'THB',
    ...(ownBalance === undefined ? {} : { ownBalance }),
    formatAmount: (value: string) => `fmt(${value})`,
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    confirm,
    call: vi.fn(async (method: string, params: Parameters<typeof previewOf>[0] & { previewToken?: string }) => {
      if (method === 'gw.credit.agent.query') return { total: 1, list: [child] };
      if (method === 'gw.credit.user.score.preview') return previewOf(params, ownBalance ?? '3000.00');
      // A stale refusal of a preview made on the first balance: the fresh one holds the balance as it is now.
      if (stale && params.previewToken !== `v1.${stale.own}.token`) {
        throw {
          code: 20060,
          message: 'changed',
          data: {
            rule: 'preview-changed',
            preview: previewOf({ ...params, direction: method.endsWith('.up') ? 'up' : 'down' }, stale.own),
          },
        };
      }
      return { amount: '25.00', before: '1000000.00', after: '1000025.00' };
    }),
    report: (outcome: { ok: boolean; message?: string }) => reports.push(outcome),
    accountsChanged: vi.fn(),
    refreshPoints: vi.fn(),
    navigate: vi.fn(),
  } as unknown as CommandContext;
  return { context, reports, confirm };
}

describe('set score from the palette', () => {
  const [setScore] = pointsCommands;
  const [accountStep, , amountStep] = setScore!.steps!;

  it('names the currency once: beside the balance written in the language, the amount, the confirmation and the result', async () => {
    const run = palette(true);
    const accounts = await accountStep!.choices(run.context, [], 'ma01');
    expect(accounts).toEqual([expect.objectContaining({ id: '7', title: 'ma01', detail: 'fmt(1000000.00) (THB)' })]);
    const amounts = await amountStep!.choices(run.context, ['7', 'up'], '25');
    expect(amounts).toEqual([expect.objectContaining({ id: '25', detail: 'THB' })]);
    await setScore!.run(run.context, ['7', 'up', '25']);
    expect(run.confirm.mock.calls[0]![0].description).toMatch(/^score\.confirmTarget .* \(THB\)$/s);
    expect(run.reports).toEqual([{ ok: true, message: expect.stringMatching(/^score\.doneShort .*"after":"1000025\.00".* \(THB\)$/) }]);
  });

  it('hints at the amount step what to type: the range and the balance it draws from, each way', async () => {
    const run = palette(true, '3000.00');
    await accountStep!.choices(run.context, [], 'ma01');
    const up = amountStep!.hint!(run.context, ['7', 'up']);
    expect(up).toBe('score.amountHintUp {"loginId":"ma01","max":"fmt(3000.00)","balance":"fmt(3000.00)"} (THB)');
    const down = amountStep!.hint!(run.context, ['7', 'down']);
    expect(down).toBe('score.amountHintDown {"loginId":"ma01","max":"fmt(1000000.00)","balance":"fmt(1000000.00)"} (THB)');
    // Up draws from the giver: more than it holds is refused on the amount page, not after the confirmation.
    const above = await amountStep!.choices(run.context, ['7', 'up'], '3000.01');
    expect(above).toEqual([expect.objectContaining({ id: 'refused' })]);
  });

  it("confirms the gateway's preview: both sides of the move before -> after and, up, the point limit left", async () => {
    const up = palette(true, '3000.00');
    await accountStep!.choices(up.context, [], 'ma01');
    await setScore!.run(up.context, ['7', 'up', '25']);
    const upLines = up.confirm.mock.calls[0]![0].description.split('\n');
    expect(upLines).toEqual([
      'score.confirmTarget {"loginId":"ma01","before":"fmt(1000000.00)","after":"fmt(1000025.00)"}',
      'score.confirmYou {"before":"fmt(3000.00)","after":"fmt(2975.00)"}',
      'score.previewLimit {"loginId":"ma01","limit":"fmt(5000000.00)","before":"fmt(4000000.00)","after":"fmt(3999975.00)"} (THB)',
    ]);
    expect(vi.mocked(up.context.call).mock.calls.at(-1)).toEqual([
      'gw.credit.user.score.up',
      { userId: '7', amount: '25', requestKey: expect.any(String), previewToken: 'v1.3000.00.token' },
    ]);
    const down = palette(false, '3000.00');
    await setScore!.run(down.context, ['7', 'down', '25']);
    expect(down.confirm.mock.calls[0]![0].description.split('\n')).toEqual([
      'score.confirmTarget {"loginId":"ma01","before":"fmt(1000000.00)","after":"fmt(999975.00)"}',
      'score.confirmYou {"before":"fmt(3000.00)","after":"fmt(3025.00)"} (THB)',
    ]);
  });

  it('moves nothing when the confirmation is cancelled', async () => {
    const run = palette(false);
    await accountStep!.choices(run.context, [], 'ma01');
    await setScore!.run(run.context, ['7', 'down', '25']);
    expect(run.reports).toEqual([]);
    expect(vi.mocked(run.context.call).mock.calls.map(([method]) => method)).toEqual([
      'gw.credit.agent.query',
      'gw.credit.user.score.preview',
    ]);
  });

  it('confirms again on the fresh preview when the balances changed since, with the same request key', async () => {
    const run = palette(true, '3000.00', { own: '2000.00' });
    await accountStep!.choices(run.context, [], 'ma01');
    await setScore!.run(run.context, ['7', 'up', '25']);
    const [first, second] = run.confirm.mock.calls.map(([request]) => request.description.split('\n'));
    expect(first![1]).toBe('score.confirmYou {"before":"fmt(3000.00)","after":"fmt(2975.00)"}');
    expect(second!.slice(0, 3)).toEqual([
      'score.previewStale',
      'score.confirmTarget {"loginId":"ma01","before":"fmt(1000000.00)","after":"fmt(1000025.00)"}',
      'score.confirmYou {"before":"fmt(2000.00)","after":"fmt(1975.00)"}',
    ]);
    const sent = vi.mocked(run.context.call).mock.calls.filter(([method]) => method === 'gw.credit.user.score.up');
    expect(sent.map(([, params]) => (params as { previewToken?: string }).previewToken)).toEqual(['v1.3000.00.token', 'v1.2000.00.token']);
    expect(sent[0]![1].requestKey).toBe(sent[1]![1].requestKey);
    expect(run.reports).toEqual([{ ok: true, message: expect.stringMatching(/^score\.doneShort/) }]);
  });
});
