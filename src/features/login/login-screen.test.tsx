import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startI18n, switchLanguage } from '@/lib/i18n';
import { SessionContext } from '@/lib/session-context';
import { keepSessionEndReason, takeSessionEndReason } from '@/lib/session-cookies';
import { LoginScreen } from './login-screen';

const call = vi.hoisted(() => vi.fn());
vi.mock('@/api/gateway-client', async (original) => ({ ...(await original<object>()), call }));

const answers: Record<string, unknown> = {
  'gw.credit.sn.template.get': {
    isBlock: false,
    captcha: false,
    title: 'Demo',
    logo: '',
    ui: 'black',
    login: 'default',
    idleTimeout: 1800,
  },
  'sn.agent.maintain': { flag: 0, exempt: false },
};

function openLogin() {
  render(
    <SessionContext.Provider>
      <LoginScreen />
    </SessionContext.Provider>,
  );
}

beforeAll(async () => {
  await startI18n();
});
beforeEach(async () => {
  call.mockReset();
  call.mockImplementation(async (method: string) => answers[method]);
  sessionStorage.clear();
  await switchLanguage('en');
});
afterEach(cleanup);

describe('the login screen after an upline ended the session', () => {
  it('says why, in the interface language, once: the reload that followed the 2202 kept the reason', async () => {
    keepSessionEndReason('session-line-locked');
    openLogin();
    expect((await screen.findByTestId('login-reason')).textContent).toBe(
      'Your upline locked your line and you were signed out. You cannot sign in until it is unlocked.',
    );
    await act(() => switchLanguage('zh'));
    expect(screen.getByTestId('login-reason').textContent).toBe('您所在的代理线已被上级锁定，您已被登出，解锁前无法登录。');
    cleanup();
    openLogin();
    await screen.findByRole('button', { name: '登录' });
    expect(screen.queryByTestId('login-reason')).toBeNull();
  });

  it('keeps only the reasons an upline gives', () => {
    keepSessionEndReason('session-frozen');
    expect(takeSessionEndReason()).toBe('frozen');
    expect(takeSessionEndReason()).toBeNull();
    keepSessionEndReason(undefined);
    keepSessionEndReason('password-mismatch');
    keepSessionEndReason('session-anything');
    expect(takeSessionEndReason()).toBeNull();
  });
});
