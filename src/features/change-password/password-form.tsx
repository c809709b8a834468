import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { confirmProblem, digitsOnly, loginPasswordProblem, safeCodeProblem } from '@/lib/form-rules';
import { newPasswordProblem } from '@/lib/password-rules';

export interface PasswordFormValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  safeCode: string;
}

/** New password (spec §5 rules) and its confirmation; the old password and a new safe code when asked for. */
export function PasswordForm({
  askOld,
  askSafeCode,
  busy,
  onSubmit,
}: {
  askOld: boolean;
  askSafeCode: boolean;
  busy: boolean;
  onSubmit(values: PasswordFormValues): void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<PasswordFormValues>({ oldPassword: '', newPassword: '', confirmPassword: '', safeCode: '' });
  const [touched, setTouched] = useState(false);
  const problems = {
    oldPassword: askOld ? loginPasswordProblem(values.oldPassword) : null,
    newPassword: newPasswordProblem(values.newPassword),
    confirmPassword: confirmProblem(values.newPassword, values.confirmPassword),
    safeCode: askSafeCode ? safeCodeProblem(values.safeCode) : null,
  };
  const shown = (field: keyof typeof problems) => (touched && problems[field] ? t(problems[field]!) : null);
  const set = (field: keyof PasswordFormValues, value: string) => setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    onSubmit(values);
  }

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4" data-testid="password-form">
      {askOld ? (
        <FormField id="old-password" label={t('password.old')} problem={shown('oldPassword')}>
          <Input
            id="old-password"
            type="password"
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={(e) => set('oldPassword', e.target.value)}
          />
        </FormField>
      ) : null}
      <FormField
        id="new-password"
        label={t('password.new')}
        problem={shown('newPassword')}
        hint={<p className="text-xs text-muted-foreground">{t('password.rules')}</p>}
      >
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(e) => set('newPassword', e.target.value)}
        />
      </FormField>
      <FormField id="confirm-password" label={t('password.confirm')} problem={shown('confirmPassword')}>
        <Input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
        />
      </FormField>
      {askSafeCode ? (
        <FormField id="new-safe-code" label={t('password.newSafeCode')} problem={shown('safeCode')}>
          <Input
            id="new-safe-code"
            inputMode="numeric"
            maxLength={4}
            value={values.safeCode}
            onChange={(e) => set('safeCode', digitsOnly(e.target.value))}
          />
        </FormField>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? t('password.saving') : t('password.save')}
      </Button>
    </form>
  );
}
