import { describe, expect, it, vi } from 'vitest';
import { asOfCommands, asOfInstant, movesPoints } from './as-of.commands';
import type { CommandContext, Rights } from './command';
import { commandsIn } from './registry';

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};
const command = asOfCommands[0]!;

function contextAt(at: string | null, currentPath = '/account/index') {
  let shown = at;
  const context = {
    rights: company,
    view: 'desktop',
    currentPath,
    asOf: () => shown,
    setAsOf: vi.fn((next: string | null) => {
      shown = next;
    }),
    navigate: vi.fn(),
    listExport: () => null,
    t: (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`,
  };
  return context as unknown as CommandContext & { setAsOf: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> };
}

describe('"As of…"', () => {
  it('reads a typed Beijing time to the second, refuses one in the future or none at all', () => {
    const now = Date.parse('2026-12-07T03:00:00.000Z');
    expect(asOfInstant('2026-12-07 10:59:30', now)).toBe('2026-12-07T02:59:30.000Z');
    expect(asOfInstant(' 2026-12-07T11:00 ', now)).toBe('2026-12-07T03:00:00.000Z');
    expect(asOfInstant('2026-12-07 11:00:01', now)).toBeNull();
    expect(asOfInstant('2026-02-30 10:00', now)).toBeNull();
    expect(asOfInstant('yesterday', now)).toBeNull();
  });

  it('offers the typed moment, and the way back to now only while as-of is on', async () => {
    const choices = (context: CommandContext, query: string) => command.steps![0]!.choices(context, [], query);
    expect(await choices(contextAt(null), '')).toEqual([]);
    expect((await choices(contextAt(null), '2026-01-02 03:04:05')).map((choice) => choice.id)).toEqual(['2026-01-01T19:04:05.000Z']);
    expect((await choices(contextAt('2026-01-01T00:00:00.000Z'), '')).map((choice) => choice.id)).toEqual(['off']);
  });

  it('sets or ends the view, and opens the account list unless a balance screen is shown', async () => {
    const onList = contextAt(null, '/account/index/12');
    await command.run(onList, ['2026-01-01T19:04:05.000Z']);
    expect(onList.setAsOf).toHaveBeenCalledWith('2026-01-01T19:04:05.000Z');
    expect(onList.navigate).not.toHaveBeenCalled();
    const elsewhere = contextAt('2026-01-01T00:00:00.000Z', '/notice');
    await command.run(elsewhere, ['off']);
    expect(elsewhere.setAsOf).toHaveBeenCalledWith(null);
    expect(elsewhere.navigate).toHaveBeenCalledWith('/account/index');
  });

  it('takes "Set score…" out of the palette while it is on, and names the row actions that move points', () => {
    const ids = (context: CommandContext) => commandsIn(context).map((entry) => entry.id);
    expect(ids(contextAt(null))).toEqual(expect.arrayContaining(['points.setScore', 'view.asOf']));
    expect(ids(contextAt('2026-01-01T00:00:00.000Z'))).not.toContain('points.setScore');
    expect(ids(contextAt('2026-01-01T00:00:00.000Z'))).toContain('view.asOf');
    expect(movesPoints('gw.credit.user.score.up')).toBe(true);
    expect(movesPoints({ agents: 'gw.credit.agent.profile.edit', members: 'gw.credit.user.profile.edit' })).toBe(false);
  });
});
