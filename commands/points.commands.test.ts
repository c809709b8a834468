import { describe, expect, it, vi } from 'vitest';
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

function palette(confirmed: boolean, ownBalance?: string) {
  const reports: { ok: boolean; message?: string }[] = [];
  const confirm = vi.fn(async (_request: { description: string }) => confirmed);
  const context = {
    rights: company,
    currency: 'THB',
    ...(ownBalance === undefined ? {} : { ownBalance }),
    formatAmount: (value: string) => `fmt(${value})`,
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    confirm,
    call: vi.fn(async (method: string) => {
      if (method === 'gw.credit.agent.query') return { total: 1, list: [child] };
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

  it("confirms with both sides of the move: the member's balance and the giver's, before -> after", async () => {
    const up = palette(true, '3000.00');
    await accountStep!.choices(up.context, [], 'ma01');
    await setScore!.run(up.context, ['7', 'up', '25']);
    const upLines = up.confirm.mock.calls[0]![0].description.split('\n');
    expect(upLines).toEqual([
      'score.confirmTarget {"loginId":"ma01","before":"fmt(1000000.00)","after":"fmt(1000025.00)"}',
      'score.confirmYou {"before":"fmt(3000.00)","after":"fmt(2975.00)"} (THB)',
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
    expect(vi.mocked(run.context.call).mock.calls.map(([method]) => method)).toEqual(['gw.credit.agent.query']);
  });
});
