import { describe, expect, it, vi } from 'vitest';
import type { CommandContext } from './command';
import { watchAccount } from './monitoring.commands';

function context() {
  return {
    t: (key: string) => key,
    call: vi.fn(async () => ({})),
    report: vi.fn(),
    accountsChanged: vi.fn(),
  } as unknown as CommandContext & { call: ReturnType<typeof vi.fn>; accountsChanged: ReturnType<typeof vi.fn> };
}

describe('watching an account', () => {
  it('makes the watch lists, their tab counts and the account lists with their "monitored" figure stale at once', async () => {
    const ctx = context();
    await watchAccount(ctx, { userId: '42', loginId: 'mb01', level: 5 });
    expect(ctx.call).toHaveBeenCalledWith('gw.credit.user.monitor.set', { userId: '42', monitored: true });
    const stale = ctx.accountsChanged.mock.calls[0]![0] as string[];
    expect(stale).toEqual(
      expect.arrayContaining([
        'gw.credit.user.monitor.query',
        'gw.credit.user.monitor.redpoint.count',
        'gw.credit.user.query',
        'gw.credit.agent.statistics.query',
      ]),
    );
  });

  it('changes nothing it did not change when the gateway refuses', async () => {
    const ctx = context();
    ctx.call.mockRejectedValueOnce(new Error('refused'));
    await watchAccount(ctx, { userId: '7', loginId: 'ma01', level: 1 });
    expect(ctx.call).toHaveBeenCalledWith('gw.credit.agent.monitor.add', { userId: '7' });
    expect(ctx.accountsChanged).not.toHaveBeenCalled();
  });
});
