import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rights } from '@commands/command';
import { commandsFor } from '@commands/registry';
import { GatewayError } from '@/api/gateway-client';
import { createQueryClient } from '@/api/queries';
import { startI18n, switchLanguage } from '@/lib/i18n';
import ChangeSafeCodeScreen from './change-safe-code-screen';

const call = vi.hoisted(() => vi.fn());
const reportError = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => vi.fn());
const send = vi.hoisted(() => vi.fn());
vi.mock('@/api/gateway-client', async (original) => ({ ...(await original<object>()), call }));
vi.mock('@/api/queries', async (original) => ({ ...(await original<object>()), reportError }));
vi.mock('@/lib/toast', async (original) => ({ ...(await original<object>()), toast }));
vi.mock('@/lib/session-context', () => ({ SessionContext: { useActorRef: () => ({ send }) } }));

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};
const offered = (rights: Rights) => commandsFor(rights).some((command) => command.id === 'go.changeSafeCode');

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = (name = 'Save') => act(async () => void fireEvent.click(screen.getByRole('button', { name })));
const fill = (values: { password: string; old: string; next: string; again: string }) => {
  type('Current password', values.password);
  type('Current two-factor code', values.old);
  type('New two-factor code (4 digits)', values.next);
  type('Confirm new two-factor code', values.again);
};

beforeAll(async () => {
  await startI18n();
});
beforeEach(async () => {
  call.mockReset();
  reportError.mockReset();
  toast.mockReset();
  send.mockReset();
  await switchLanguage('en');
});
afterEach(cleanup);

describe("changing one's own two-factor code", () => {
  it('is offered in the palette to the company, an agent and a sub-account, not while the password must change first', () => {
    expect(offered(company)).toBe(true);
    expect(offered({ ...company, userId: '40', level: 4 })).toBe(true);
    expect(offered({ ...company, isSubAccount: true, accessCodes: [] })).toBe(true);
    expect(offered({ ...company, mustChangePassword: true })).toBe(false);
    const command = commandsFor(company).find((item) => item.id === 'go.changeSafeCode')!;
    const navigate = vi.fn();
    void command.run({ navigate } as never, []);
    expect(navigate).toHaveBeenCalledWith('/changeSafeCode/index');
  });

  it('checks the fields before sending, in the interface language', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ChangeSafeCodeScreen />
      </QueryClientProvider>,
    );
    await save();
    expect(call).not.toHaveBeenCalled();
    expect(screen.getByText('Enter the password')).toBeDefined();
    fill({ password: 'Admin123', old: '1234', next: '5678', again: '5679' });
    await save();
    expect(call).not.toHaveBeenCalled();
    expect(screen.getByText('The two two-factor codes input do not match')).toBeDefined();
    await act(() => switchLanguage('zh'));
    expect(screen.getByText('两次输入的双重验证码不一致')).toBeDefined();
  });

  it('sends the current password and code with the new code, says it is done and signs out', async () => {
    call.mockResolvedValue({});
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ChangeSafeCodeScreen />
      </QueryClientProvider>,
    );
    fill({ password: 'Admin123', old: '1234', next: '5678', again: '5678' });
    await save();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('Two-factor code changed. Sign in again with the new one.', { variant: 'success' }),
    );
    expect(send).toHaveBeenCalledWith({ type: 'PASSWORD.CHANGED', secret: 'safeCode' });
    expect(call).toHaveBeenCalledWith(
      'gw.credit.user.safe.code.update',
      expect.objectContaining({
        password: 'Admin123',
        oldSafeCode: '1234',
        newSafeCode: '5678',
        confirmSafeCode: '5678',
        requestKey: expect.any(String),
      }),
    );
  });

  it('shows a refusal of the same code on its field, and a wrong current code as the catalogue message', async () => {
    call.mockRejectedValueOnce(new GatewayError(20011, 'Illegal operation', { field: 'newSafeCode', rule: 'safe-code-unchanged' }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ChangeSafeCodeScreen />
      </QueryClientProvider>,
    );
    fill({ password: 'Admin123', old: '1234', next: '1234', again: '1234' });
    await save();
    expect(await screen.findByText('The new two-factor code must differ from the current one')).toBeDefined();
    const wrong = new GatewayError(2241, 'Two-factor verification failed!');
    call.mockRejectedValueOnce(wrong);
    fill({ password: 'Admin123', old: '9999', next: '5678', again: '5678' });
    await save();
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(wrong));
    expect(toast).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });
});
