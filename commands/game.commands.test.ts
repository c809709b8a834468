import { describe, expect, it, vi } from 'vitest';
import { rowActionsFor } from './account-actions.commands';
import type { CommandContext, Rights } from './command';
import { betCodeName, gameCommands, switchDevice, switchGame, type GameRow } from './game.commands';
import { commandsFor } from './registry';

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};
const agent: Rights = { ...company, userId: '40', level: 4 };
const roulette: GameRow = { gameCode: 'roulette', gameType: 'live', gameName: '轮盘', open: true };

function recorder(confirmed: boolean, games: GameRow[] = [roulette]) {
  const calls: [string, unknown][] = [];
  const reports: { ok: boolean }[] = [];
  const context = {
    rights: company,
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    confirm: vi.fn(async () => confirmed),
    call: vi.fn(async (method: string, params: unknown) => {
      calls.push([method, params]);
      return method === 'gw.credit.game.list' ? { list: games } : {};
    }),
    report: (outcome: { ok: boolean }) => reports.push(outcome),
    accountsChanged: vi.fn(),
  } as unknown as CommandContext;
  return { context, calls, reports };
}

describe('opening and closing a game', () => {
  it('asks before closing, and a cancel calls nothing', async () => {
    const cancelled = recorder(false);
    await switchGame(cancelled.context, roulette, false);
    expect(cancelled.context.confirm).toHaveBeenCalledOnce();
    expect(cancelled.calls).toEqual([]);

    const done = recorder(true);
    await switchGame(done.context, roulette, false);
    expect(done.calls).toEqual([['gw.credit.game.switch', { gameCode: 'roulette', open: false }]]);
    expect(done.reports).toEqual([expect.objectContaining({ ok: true })]);
    expect(done.context.accountsChanged).toHaveBeenCalledWith(['gw.credit.game.list']);
  });

  it('opens without asking', async () => {
    const run = recorder(false);
    await switchGame(run.context, { ...roulette, open: false }, true);
    expect(run.context.confirm).not.toHaveBeenCalled();
    expect(run.calls).toEqual([['gw.credit.game.switch', { gameCode: 'roulette', open: true }]]);
  });

  it('reports a refusal and tells no list to reload', async () => {
    const run = recorder(true);
    vi.mocked(run.context.call).mockRejectedValueOnce(new Error('11003'));
    await switchGame(run.context, roulette, false);
    expect(run.reports).toEqual([expect.objectContaining({ ok: false })]);
    expect(run.context.accountsChanged).not.toHaveBeenCalled();
  });

  it('is offered in the palette to company main accounts only, and switches the picked game to its other state', async () => {
    const ids = (rights: Rights) => commandsFor(rights).map((command) => command.id);
    expect(ids(company)).toContain('games.switch');
    expect(ids({ ...company, isSubAccount: true })).not.toContain('games.switch');
    expect(ids(agent)).not.toContain('games.switch');

    const command = gameCommands.find((each) => each.id === 'games.switch')!;
    const closedSicBo: GameRow = { gameCode: 'sic-bo', gameType: 'live', gameName: '骰宝', open: false };
    const run = recorder(true, [roulette, closedSicBo]);
    const choices = await command.steps![0]!.choices(run.context, [], '');
    expect(choices.map((choice) => [choice.id, choice.detail])).toEqual([
      ['roulette', 'games.state.open'],
      ['sic-bo', 'games.state.closed'],
    ]);
    await command.run(run.context, ['sic-bo']);
    expect(run.calls.at(-1)).toEqual(['gw.credit.game.switch', { gameCode: 'sic-bo', open: true }]);
  });
});

describe("a member's devices", () => {
  const member = { userId: '77', loginId: 'mb77' };

  it('asks before turning one off, not before turning one on', async () => {
    const cancelled = recorder(false);
    await switchDevice(cancelled.context, member, 'app', false);
    expect(cancelled.calls).toEqual([]);

    const on = recorder(false);
    await switchDevice(on.context, member, 'app', true);
    expect(on.context.confirm).not.toHaveBeenCalled();
    expect(on.calls).toEqual([['gw.credit.user.device.switch.set', { userId: '77', device: 'app', enabled: true }]]);
    expect(on.context.accountsChanged).toHaveBeenCalledWith(['gw.credit.user.device.switch.get']);
  });

  it("is a row action of a member directly below the agent, and of nobody else's", () => {
    const target = { parentId: '40', level: 5, status: 1, teamStatus: 1 };
    const offered = (rights: Rights, row = target) => rowActionsFor(row, rights).some((action) => action.id === 'member.devices');
    expect(offered(agent)).toBe(true);
    expect(offered(agent, { ...target, parentId: '41' })).toBe(false);
    expect(offered({ ...agent, accessCodes: [1, 3], isSubAccount: true })).toBe(false);
    expect(offered(company, { ...target, parentId: '1', level: 1 })).toBe(false);
  });
});

describe('bet codes in words', () => {
  const zh: Record<string, string> = { 'bets.code.banker': '庄', 'bets.code.straight': '直注' };
  const en: Record<string, string> = { 'bets.code.split': 'Split', 'bets.code.total': 'Total', 'bets.code.spin': 'Spin' };
  const translator = (texts: Record<string, string>) => (key: string, values?: Record<string, unknown>) =>
    texts[key] ?? (values?.defaultValue as string);

  it('names the kind of every bet a game takes and keeps its numbers', () => {
    expect(betCodeName(translator(zh), 'banker')).toBe('庄');
    expect(betCodeName(translator(zh), 'straight:17')).toBe('直注 17');
    expect(betCodeName(translator(en), 'split:17-20')).toBe('Split 17-20');
    expect(betCodeName(translator(en), 'total:10')).toBe('Total 10');
    expect(betCodeName(translator(en), 'spin')).toBe('Spin');
  });

  it('leaves a code of an unknown kind as the platform wrote it', () => {
    expect(betCodeName(translator(en), 'mystery:3')).toBe('mystery:3');
    expect(betCodeName(translator(en), 'a.b')).toBe('a.b');
  });
});
