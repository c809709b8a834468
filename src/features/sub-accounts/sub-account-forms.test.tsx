import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GatewayError } from '@/api/gateway-client';
import { createQueryClient } from '@/api/queries';
import { startI18n, switchLanguage } from '@/lib/i18n';
import { toggleCode } from './permission-matrix';
import { AddSubAccountDialog, DeleteSubAccountDialog, SubAccountPermissionsDialog } from './sub-account-forms';

const call = vi.hoisted(() => vi.fn());
const reportError = vi.hoisted(() => vi.fn());
vi.mock('@/api/gateway-client', async (original) => ({ ...(await original<object>()), call }));
vi.mock('@/api/queries', async (original) => ({ ...(await original<object>()), reportError }));

const clerk = {
  subAccountId: '900',
  agentId: '1',
  loginId: 'clerk01',
  nickname: 'Clerk',
  status: 1 as const,
  accessCode: '1,6',
  createdAt: '2026-11-24T10:00:00.000Z',
  lastLoginAt: null,
  online: false,
};

const inQueries = (node: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const box = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const press = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

beforeAll(async () => {
  await startI18n();
});
beforeEach(async () => {
  call.mockReset();
  reportError.mockReset();
  await switchLanguage('en');
});
afterEach(cleanup);

describe('the permission matrix', () => {
  it('brings the user list along with the codes that need it, and keeps codes sorted once each', () => {
    expect(toggleCode([], 5, true)).toEqual([1, 5]);
    expect(toggleCode([1, 5], 1, false)).toEqual([1, 5]);
    expect(toggleCode([1, 5], 5, false)).toEqual([1]);
    expect(toggleCode([1, 7], 7, true)).toEqual([1, 7]);
  });

  it('checks and locks the user list when a switch that needs it is on, and saves the codes with the owner safe code', async () => {
    call.mockResolvedValue({ subAccountId: '900' });
    const onClose = vi.fn();
    inQueries(<SubAccountPermissionsDialog subAccount={clerk} ownerLevel={0} onClose={onClose} />);
    expect(box('User list').checked).toBe(true);
    expect(box('User list').disabled).toBe(false);
    expect(box('Score log').checked).toBe(true);
    act(() => void fireEvent.click(box('Score log')));
    act(() => void fireEvent.click(box('User list')));
    expect(box('User list').checked).toBe(false);
    act(() => void fireEvent.click(box('Set score')));
    expect(box('User list').checked).toBe(true);
    expect(box('User list').disabled).toBe(true);
    // Query reports and the win/loss menu are the same code 7.
    act(() => void fireEvent.click(box('Query reports')));
    expect(box('Win/loss reports').checked).toBe(true);

    await press('Save');
    expect(call).not.toHaveBeenCalled();
    type('Your safe code', '1234');
    await press('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(call).toHaveBeenCalledWith(
      'gw.credit.subaccount.access.code.update',
      expect.objectContaining({ subAccountId: '900', accessCode: '1,5,7', safeCode: '1234' }),
    );
  });

  it("says under each code everything it grants, as the owner's level gives it: the company's code 8 writes notices", async () => {
    const grantsOf = (code: number) => screen.getByTestId(`sub-permissions-code-${code}-grants`).textContent ?? '';
    inQueries(<SubAccountPermissionsDialog subAccount={clerk} ownerLevel={0} onClose={() => undefined} />);
    expect(grantsOf(8)).toContain('writes, publishes, revokes and deletes notices');
    expect(grantsOf(8)).toContain('answers members');
    for (const screenName of [
      'Edit notice',
      'Suggestions and complaints',
      'Daily report',
      'Trading report',
      'Bill',
      'Operation record',
      'IP check',
    ])
      expect(grantsOf(8), screenName).toContain(screenName);
    expect(grantsOf(6)).toContain('Deal record');
    expect(grantsOf(7)).toContain('Game log');
    expect(screen.getByTestId('sub-permissions-switch-isSetScore-grants').textContent).toContain('Set score');
    cleanup();

    // An agent's clerk: the same code opens no notice editor (notices are the company's) nor the operation record.
    inQueries(<SubAccountPermissionsDialog subAccount={clerk} ownerLevel={4} onClose={() => undefined} />);
    expect(grantsOf(8)).toContain('Suggestions and complaints');
    expect(grantsOf(8)).not.toContain('Edit notice');
    expect(grantsOf(8)).not.toContain('Operation record');

    await switchLanguage('th');
    expect(grantsOf(8)).toContain('ข้อเสนอแนะและข้อร้องเรียน');
  });
});

describe('adding a sub-account', () => {
  it('asks for the owner safe code and sends the matrix as codes', async () => {
    call.mockResolvedValue({ subAccountId: '901' });
    const onClose = vi.fn();
    inQueries(<AddSubAccountDialog ownerLevel={0} onClose={onClose} />);
    type('Login', 'clerk02');
    type('Nickname', 'Day clerk');
    type('Password', 'Clerk_123');
    type('Confirm password', 'Clerk_123');
    act(() => void fireEvent.click(box('Set score')));
    // The new clerk's safe code starts empty: the owner types one.
    expect((screen.getByLabelText('Its safe code for the first sign-in') as HTMLInputElement).value).toBe('');
    await press('Add sub-account');
    expect(call).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your safe code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Its safe code for the first sign-in').getAttribute('aria-invalid')).toBe('true');

    type('Its safe code for the first sign-in', '2468');
    type('Your safe code', '1234');
    await press('Add sub-account');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(call).toHaveBeenCalledWith(
      'gw.credit.subaccount.add',
      expect.objectContaining({
        loginId: 'clerk02',
        nickname: 'Day clerk',
        password: 'Clerk_123',
        subSafeCode: '2468',
        accessCode: '1,5',
        safeCode: '1234',
      }),
    );
  });

  it('shows a taken login under its field', async () => {
    call.mockRejectedValueOnce(new GatewayError(100, 'taken', { field: 'loginId', rule: 'login-id-taken' }));
    inQueries(<AddSubAccountDialog ownerLevel={0} onClose={() => undefined} />);
    type('Login', 'admin');
    type('Nickname', 'Day clerk');
    type('Password', 'Clerk_123');
    type('Confirm password', 'Clerk_123');
    type('Its safe code for the first sign-in', '2468');
    type('Your safe code', '1234');
    await press('Add sub-account');
    await waitFor(() => expect(screen.getByLabelText('Login').getAttribute('aria-invalid')).toBe('true'));
    expect(reportError).not.toHaveBeenCalled();
  });
});

describe('deleting a sub-account', () => {
  it('deletes with the owner safe code, and reports a wrong one without closing', async () => {
    const onClose = vi.fn();
    inQueries(<DeleteSubAccountDialog subAccount={clerk} onClose={onClose} />);
    expect(screen.getByRole('dialog').textContent).toContain('Delete sub-account clerk01?');
    call.mockRejectedValueOnce(new GatewayError(2241, 'Two-factor verification failed!'));
    type('Your safe code', '9999');
    await press('Delete');
    await waitFor(() => expect(reportError).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();

    call.mockResolvedValueOnce({ subAccountId: '900' });
    type('Your safe code', '1234');
    await press('Delete');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(call).toHaveBeenLastCalledWith(
      'gw.credit.subaccount.delete',
      expect.objectContaining({ subAccountId: '900', safeCode: '1234' }),
    );
  });
});
