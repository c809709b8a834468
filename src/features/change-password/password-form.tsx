import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { authMethods } from '@contract/auth.contract';
import { safeCodeRule } from '@contract/rules.contract';
import { confirmation, filled } from '@/components/form/form-schemas';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';

export interface PasswordFormValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  safeCode: string;
}

export const emptyPasswordValues: PasswordFormValues = { oldPassword: '', newPassword: '', confirmPassword: '', safeCode: '' };

const update = authMethods['gw.credit.user.password.update'].params.shape;
const forced = authMethods['gw.credit.user.password.force.update'].params.shape;

/** The contract's params of password.update / password.force.update, with each field's "fill me in" first. */
export function passwordSchema({ askOld, askSafeCode }: { askOld: boolean; askSafeCode: boolean }) {
  return z
    .object({
      oldPassword: askOld ? filled(update.oldPassword, 'password-required') : z.string(),
      newPassword: filled((askOld ? update : forced).newPassword, 'password-required'),
      confirmPassword: z.string(),
      safeCode: askSafeCode ? safeCodeRule : z.string(),
    })
    .superRefine(...confirmation('newPassword', 'confirmPassword'));
}

/** New password (docs/product.md#validation-rules) and its confirmation; the old password and a new safe code when asked for. */
export function PasswordForm({
  form,
  askOld,
  askSafeCode,
  busy,
  onSubmit,
}: {
  form: UseFormReturn<PasswordFormValues, unknown, PasswordFormValues>;
  askOld: boolean;
  askSafeCode: boolean;
  busy: boolean;
  onSubmit(event?: React.BaseSyntheticEvent): Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" data-testid="password-form">
      {askOld ? (
        <TextField
          form={form}
          name="oldPassword"
          id="old-password"
          label={t('password.old')}
          type="password"
          autoComplete="current-password"
        />
      ) : null}
      <TextField
        form={form}
        name="newPassword"
        id="new-password"
        label={t('password.new')}
        hint={t('password.rules')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name="confirmPassword"
        id="confirm-password"
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
      />
      {askSafeCode ? (
        <TextField
          form={form}
          name="safeCode"
          id="new-safe-code"
          label={t('password.newSafeCode')}
          inputMode="numeric"
          maxLength={4}
          digits
        />
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? t('password.saving') : t('password.save')}
      </Button>
    </form>
  );
}
