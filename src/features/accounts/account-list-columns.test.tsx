import { cleanup, render, screen, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { exportedTable } from '@/components/data-table/data-table-export';
import type { AccountRow } from '@/hooks/use-account-pages';
import type { useFormat } from '@/hooks/use-format';
import { accountListColumns } from './account-list-columns';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

const t = ((key: string) => key) as TFunction;
const format = { amount: (value: string) => value, dateTime: (value: string) => value } as unknown as ReturnType<typeof useFormat>;

const row = (loginId: string, teamStatus: number, loginLocked: boolean): AccountRow => ({
  userId: loginId,
  loginId,
  nickname: loginId,
  level: 2,
  parentId: '1',
  status: 1,
  teamStatus,
  balance: '0.00',
  pointLimit: '0.00',
  agentCommisionRate: 0,
  validAmountRate: 0,
  online: false,
  betPaused: false,
  betStopped: false,
  winBlocked: false,
  exceptionMarked: false,
  loginLocked,
  childCount: 0,
  createdAt: '2026-12-01T00:00:00.000Z',
  lastLoginAt: null,
});
const lockRows = [row('free01', 1, false), row('line01', 4, false), row('sign01', 1, true), row('both01', 4, true)];

function Table() {
  const model = useDataTable({ columns: accountListColumns(t, format), data: lockRows, getRowId: (item) => item.userId });
  return (
    <DataTable
      model={model}
      label="accounts"
      empty="none"
      rowTestId="account-row"
      rowAttributes={(item) => ({ 'data-login-id': item.loginId })}
    />
  );
}

beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
});
afterEach(cleanup);

describe('the account list locks column', () => {
  it("shows each row's line lock and sign-in lock as badges, and nothing for an account without a lock", () => {
    render(<Table />);
    expect(screen.getByRole('columnheader', { name: 'accounts.column.locks' })).toBeTruthy();
    const locks = (loginId: string) =>
      within(screen.getAllByTestId('account-row').find((element) => element.dataset.loginId === loginId)!)
        .queryAllByTestId('account-lock')
        .map((badge) => badge.textContent);
    expect(locks('free01')).toEqual([]);
    expect(locks('line01')).toEqual(['flag.lineLocked']);
    expect(locks('sign01')).toEqual(['flag.signInLocked']);
    expect(locks('both01')).toEqual(['flag.lineLocked', 'flag.signInLocked']);
  });

  it('exports the locks as text in their own column', () => {
    const exported = exportedTable(
      accountListColumns(t, format).map((columnDef) => ({ columnDef }) as never),
      lockRows,
    );
    const at = exported.header.indexOf('accounts.column.locks');
    expect(at).toBeGreaterThan(-1);
    expect(exported.rows.map((cells) => cells[at])).toEqual([
      '',
      'flag.lineLocked',
      'flag.signInLocked',
      'flag.lineLocked, flag.signInLocked',
    ]);
  });
});
