import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountRow } from '@/hooks/use-account-pages';
import { AccountCard } from './mobile-account-list-screen';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

afterEach(cleanup);

const account = (teamStatus: number, loginLocked: boolean) =>
  ({
    userId: '7',
    loginId: 'sh0101',
    nickname: 'sh',
    level: 2,
    status: 1,
    teamStatus,
    loginLocked,
    online: false,
    balance: '0.00',
  }) as AccountRow;

describe('the phone card of an account', () => {
  it('shows the same lock badges as the desktop row, and none without a lock', () => {
    const badges = (account: AccountRow) => {
      render(<AccountCard row={account} onActions={() => undefined} onOpen={() => undefined} />);
      const texts = screen.queryAllByTestId('account-lock').map((badge) => badge.textContent);
      cleanup();
      return texts;
    };
    expect(badges(account(1, false))).toEqual([]);
    expect(badges(account(4, true))).toEqual(['flag.lineLocked', 'flag.signInLocked']);
  });
});
