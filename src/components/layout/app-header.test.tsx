import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startChineseI18n, stubLayout } from '../../../tests/support/jsdom-test-support';
import { AppHeader } from './app-header';

const state = vi.hoisted(() => ({
  context: {
    session: { loginId: 'admin', isMain: true } as { loginId: string; isMain: boolean },
    profile: { loginId: 'admin', status: 1, level: 0, agentCommisionRate: 100, validAmountRate: 1.2, balance: '10.00' },
  },
}));

vi.mock('@/lib/session-context', () => ({
  SessionContext: {
    useActorRef: () => ({ send: vi.fn() }),
    useSelector: (select: (snapshot: unknown) => unknown) => select({ ...state, matches: () => false }),
  },
}));
vi.mock('@/components/account-status-badge', () => ({ AccountStatusBadge: () => null }));
vi.mock('./clock', () => ({ Clock: () => null }));

const header = () =>
  render(<AppHeader title="" logo="" menuOpen onToggleMenu={vi.fn()} onOpenPalette={vi.fn()} onOpenSettings={vi.fn()} />);

describe('the top bar', () => {
  beforeAll(async () => {
    stubLayout();
    await startChineseI18n();
  });
  afterEach(cleanup);

  it('names the main account it shows', () => {
    header();
    expect(screen.getByTestId('user-name').textContent).toBe('admin');
  });

  it('names a clerk and the main account it acts for, not the main account alone', () => {
    state.context.session = { loginId: 'adminclerk', isMain: false };
    header();
    expect(screen.getByTestId('user-name').textContent).toBe('adminclerk（代 admin）');
  });
});
