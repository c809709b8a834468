import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startI18n, switchLanguage } from '@/lib/i18n';
import { SelectField } from './select-field';
import { useSchemaForm } from './use-contract-form';

const schema = z.object({ limit: z.enum(['5', '15']).refine((value) => value === '15', 'limit-too-low') });
type Values = z.input<typeof schema>;

function LimitForm({ onSave }: { onSave(values: Values): void }) {
  const form = useSchemaForm<Values>(schema, { limit: '5' });
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <SelectField
        form={form}
        name="limit"
        id="limit"
        label="Sub-account limit"
        options={[
          { value: '5', label: 'Five' },
          { value: '15', label: 'Fifteen' },
        ]}
      />
      <button type="submit">Save</button>
    </form>
  );
}

beforeAll(async () => {
  await startI18n();
  await switchLanguage('en');
});
afterEach(cleanup);

describe('SelectField', () => {
  it('is a labelled select of the form: its problem is tied to it, and the chosen value is what the form saves', async () => {
    const saved: Values[] = [];
    render(<LimitForm onSave={(values) => saved.push(values)} />);
    const select = screen.getByRole('combobox', { name: 'Sub-account limit' });
    expect((select as HTMLSelectElement).value).toBe('5');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.getAttribute('role')).toBe('alert');
    expect(saved).toEqual([]);

    fireEvent.change(select, { target: { value: '15' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(saved).toEqual([{ limit: '15' }]));
    expect(select.getAttribute('aria-invalid')).toBeNull();
  });
});
