import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { nicknameRule, passwordRule } from '@contract/rules.contract';
import { GatewayError } from '@/api/gateway-client';
import { createQueryClient } from '@/api/queries';
import { startI18n, switchLanguage } from '@/lib/i18n';
import { amountAtMost } from './form-schemas';
import { TextField } from './text-field';
import { useContractForm } from './use-contract-form';

const call = vi.hoisted(() => vi.fn());
const reportError = vi.hoisted(() => vi.fn());
vi.mock('@/api/gateway-client', async (original) => ({ ...(await original<object>()), call }));
vi.mock('@/api/queries', async (original) => ({ ...(await original<object>()), reportError }));

const schema = z.object({ nickname: nicknameRule, pointLimit: amountAtMost('500.00') });

function NicknameForm({ onKey }: { onKey?: (key: string | null) => void }) {
  const { form, submit, requestKey } = useContractForm({
    method: 'gw.credit.user.profile.edit',
    schema,
    defaultValues: { nickname: '', pointLimit: '' },
    toParams: (values) => ({ userId: '42', nickname: values.nickname, pointLimit: values.pointLimit }),
  });
  return (
    <form
      onSubmit={async (event) => {
        await submit(event);
        onKey?.(requestKey());
      }}
      noValidate
    >
      <TextField form={form} name="nickname" id="nickname" label="Nickname" />
      <TextField form={form} name="pointLimit" id="pointLimit" label="Point limit" messageValues={{ max: '500.00' }} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(onKey?: (key: string | null) => void) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <NicknameForm onKey={onKey} />
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const save = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));

/** The texts a control's aria-describedby points at. */
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

beforeAll(async () => {
  await startI18n();
});
beforeEach(async () => {
  call.mockReset();
  reportError.mockReset();
  await switchLanguage('en');
});
afterEach(cleanup);

describe('a kit form', () => {
  it('shows a refusal naming a field under that input, as an alert its input is described by', async () => {
    call.mockRejectedValueOnce(new GatewayError(100, 'taken', { field: 'nickname', rule: 'nickname-length' }));
    renderForm();
    type('Nickname', 'good name');
    type('Point limit', '100');
    await save();
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(input)).toEqual(['Nickname: 4 to 16 characters']);
    expect(screen.getByRole('alert').textContent).toBe('Nickname: 4 to 16 characters');
    expect(reportError).not.toHaveBeenCalled();
  });

  it('tells a refusal naming no field through the one error toast', async () => {
    const refusal = new GatewayError(37110, 'no balance');
    call.mockRejectedValueOnce(refusal);
    renderForm();
    type('Nickname', 'good name');
    type('Point limit', '100');
    await save();
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(refusal));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the same request key when the same values go again after a lost answer, a new one when they change', async () => {
    const keys: (string | null)[] = [];
    call.mockRejectedValue(new GatewayError(1, 'network'));
    renderForm((key) => keys.push(key));
    type('Nickname', 'good name');
    type('Point limit', '100');
    await save();
    await save();
    type('Point limit', '200');
    await save();
    await waitFor(() => expect(call).toHaveBeenCalledTimes(3));
    const sent = call.mock.calls.map(([, params]) => (params as { requestKey: string }).requestKey);
    expect(sent[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).not.toBe(sent[0]);
    expect(keys).toEqual(sent);
  });

  it('refuses a point limit above the parent’s before sending, in the interface language', async () => {
    renderForm();
    type('Nickname', 'good name');
    type('Point limit', '500.01');
    await save();
    const input = screen.getByRole('textbox', { name: 'Point limit' });
    await waitFor(() => expect(describedBy(input)).toEqual(['Cannot exceed 500.00 (yours)']));
    type('Point limit', '500');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
    expect(call).not.toHaveBeenCalled();
  });

  it('words a rule of the contract in the chosen language (en, th)', async () => {
    const passwordForm = z.object({ nickname: passwordRule, pointLimit: z.string() });
    function PasswordOnly() {
      const { form, submit } = useContractForm({
        method: 'gw.credit.user.password.reset',
        schema: passwordForm,
        defaultValues: { nickname: '', pointLimit: '' },
        toParams: (values) => ({ userId: '42', password: values.nickname }),
      });
      return (
        <form onSubmit={submit} noValidate>
          <TextField form={form} name="nickname" id="password" label="Password" />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PasswordOnly />
      </QueryClientProvider>,
    );
    type('Password', 'abc');
    await save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Password: 6 to 15 characters, or a passphrase of 16 to 64'));
    await act(() => switchLanguage('th'));
    const th = (await import('../../../locales/th/common.json')).default;
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(th.validation.passwordLength));
    expect(th.validation.passwordLength).not.toBe('Password: 6 to 15 characters, or a passphrase of 16 to 64');
  });
});
