import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { Input } from './ui/input';
import { Textarea } from './ui/textarea';

afterEach(cleanup);

describe('FormField', () => {
  it('ties its message and hint to its control, which screen readers then read with it', () => {
    render(
      <FormField id="nickname" label="Nickname" problem="Nickname: 4 to 16 characters" hint={<span>Shown to your downline</span>}>
        <div>
          <Input id="nickname" />
          <Input id="other" aria-label="Other" />
        </div>
      </FormField>,
    );
    const control = screen.getByRole('textbox', { name: 'Nickname' });
    const described = (control.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Shown to your downline', 'Nickname: 4 to 16 characters']);
    expect(control.getAttribute('aria-invalid')).toBe('true');
    // Only the field's own control (by id), not another one inside it.
    const other = screen.getByRole('textbox', { name: 'Other' });
    expect(other.getAttribute('aria-describedby')).toBeNull();
    expect(other.getAttribute('aria-invalid')).toBeNull();
  });

  it('says nothing of a problem when there is none, and lets a control say its own', () => {
    render(
      <>
        <FormField id="comment" label="Comment">
          <Textarea id="comment" />
        </FormField>
        <FormField id="amount" label="Amount" problem="Too much">
          <Input id="amount" aria-describedby="amount-own" />
        </FormField>
        <p id="amount-own">own</p>
      </>,
    );
    const comment = screen.getByRole('textbox', { name: 'Comment' });
    expect(comment.getAttribute('aria-describedby')).toBeNull();
    expect(comment.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Amount' }).getAttribute('aria-describedby')).toBe('amount-own');
  });
});
