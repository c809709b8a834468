import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { accountEditMethods } from '@contract/account-edit.contract';
import { confirmation, filled } from '@/components/form/form-schemas';
import { TextField } from '@/components/form/text-field';
import { useContractForm } from '@/components/form/use-contract-form';
import { Button } from '@/components/ui/button';
import { useCommands } from '@/hooks/use-command-context';
import { toast } from '@/lib/toast';

const reset = accountEditMethods['gw.credit.user.password.reset'].params.shape;

const schema = z
  .object({
    password: filled(reset.password, 'password-required'),
    confirm: z.string(),
    safeCode: z.union([z.literal(''), reset.safeCode.unwrap()]),
  })
  .superRefine(...confirmation('password', 'confirm'));

const empty = { password: '', confirm: '', safeCode: '' };

/** Sets a direct child's password (and optionally its safe code), after a confirmation. */
export function ResetPasswordForm({ userId, loginId }: { userId: string; loginId: string }) {
  const { t } = useTranslation();
  const commands = useCommands();
  const { form, submit } = useContractForm({
    method: 'gw.credit.user.password.reset',
    schema,
    defaultValues: empty,
    invalidates: [],
    toParams: (values) => ({ userId, password: values.password, ...(values.safeCode ? { safeCode: values.safeCode } : {}) }),
    onSuccess: () => {
      toast(t('edit.passwordReset', { loginId }), { variant: 'success' });
      form.reset(empty);
    },
  });
  const confirmed = form.handleSubmit(async () => {
    const ok = await commands.confirm({
      title: t('edit.resetConfirm', { loginId }),
      description: t('edit.resetExplain'),
      action: t('edit.resetPassword'),
    });
    if (ok) await submit();
  });

  return (
    <form
      onSubmit={confirmed}
      noValidate
      className="grid gap-4 border-t pt-4 sm:grid-cols-3"
      aria-labelledby="reset-title"
      data-testid="reset-password-form"
    >
      <div className="sm:col-span-3">
        <h2 id="reset-title" className="font-medium">
          {t('edit.resetPassword')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('edit.resetExplain')}</p>
      </div>
      <TextField form={form} name="password" id="reset-password" label={t('password.new')} type="password" autoComplete="new-password" />
      <TextField form={form} name="confirm" id="reset-confirm" label={t('password.confirm')} type="password" autoComplete="new-password" />
      <TextField form={form} name="safeCode" id="reset-safeCode" label={t('edit.newSafeCode')} inputMode="numeric" maxLength={4} digits />
      <div className="sm:col-span-3">
        <Button type="submit" variant="outline" data-testid="reset-submit">
          {t('edit.resetPassword')}
        </Button>
      </div>
    </form>
  );
}
