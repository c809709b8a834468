import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { commandsFor } from '@commands/registry';
import { useRights } from './use-command-context';

const state = vi.hoisted(() => ({ context: {} as Record<string, unknown> }));
vi.mock('@/lib/session-context', () => ({
  SessionContext: { useSelector: (select: (snapshot: unknown) => unknown) => select(state) },
}));

const session = {
  userId: '10',
  mainUserId: '10',
  level: 1,
  sessionType: 1,
  accessCode: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  forcePwdUpdate: '0',
  firstLogin: '0',
  status: 1,
};
const profile = (status: number, lineStatus: number) => ({ level: 1, status, lineStatus, financeVisible: true });
const rightsWith = (context: Record<string, unknown>) => {
  state.context = context;
  return renderHook(() => useRights()).result.current;
};

describe('the rights the commands read', () => {
  it("carry the signed-in account's own status and its line's from its profile, so a frozen one is offered no write", () => {
    const normal = rightsWith({ session, profile: profile(1, 1) });
    expect(normal).toMatchObject({ status: 1, lineStatus: 1 });
    expect(commandsFor(normal).map((command) => command.id)).toContain('do.account.freeze');

    const frozen = rightsWith({ session, profile: profile(6, 1) });
    expect(frozen).toMatchObject({ status: 6, lineStatus: 1 });
    expect(commandsFor(frozen).map((command) => command.id)).not.toContain('do.account.freeze');

    const inFrozenLine = rightsWith({ session, profile: profile(1, 6) });
    expect(inFrozenLine).toMatchObject({ status: 1, lineStatus: 6 });
    expect(commandsFor(inFrozenLine).map((command) => command.id)).not.toContain('accounts.add');
  });

  it('take the status the sign-in answered until the profile is read', () => {
    expect(rightsWith({ session: { ...session, status: 6 }, profile: null })).toMatchObject({ status: 6 });
  });
});
