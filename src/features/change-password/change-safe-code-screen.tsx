import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { authMethods } from '@contract/auth.contract';
import { confirmation, filled } from '@/components/form/form-schemas';
import { TextField } from '@/components/form/text-field';
import { useContractForm } from '@/components/form/use-contract-form';
import { Button } from '@/components/ui/button';
import { SessionContext } from '@/lib/session-context';
import { toast } from '@/lib/toast';

const update = authMethods['gw.credit.user.safe.code.update'].params.shape;

export const safeCodeSchema = z
  .object({
    password: filled(update.password, 'password-required'),
    oldSafeCode: filled(update.oldSafeCode, 'safe-code'),
    newSafeCode: update.newSafeCode,
    confirmSafeCode: z.string(),
  })
  .superRefine(
    ...confirmation('newSafeCode', 'confirmSafeCode', { required: 'safe-code-confirm-required', mismatch: 'safe-code-mismatch' }),
  );

type SafeCodeValues = z.input<typeof safeCodeSchema>;
const emptyValues: SafeCodeValues = { password: '', oldSafeCode: '', newSafeCode: '', confirmSafeCode: '' };

export default function ChangeSafeCodeScreen() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const { form, submit, pending } = useContractForm({
    method: 'gw.credit.user.safe.code.update',
    schema: safeCodeSchema,
    defaultValues: emptyValues,
    invalidates: [],
    toParams: (values) => values,
    onSuccess: () => {
      toast(t('safeCode.changed'), { variant: 'success' });
      session.send({ type: 'PASSWORD.CHANGED', secret: 'safeCode' });
    },
  });
  return (
    <section className="space-y-4" data-testid="change-safe-code-screen">
      <h1 className="text-xl font-semibold">{t('route.changeSafeCode')}</h1>
      <p className="text-sm text-muted-foreground">{t('safeCode.endsSessions')}</p>
      <form onSubmit={submit} noValidate className="grid max-w-md gap-4" data-testid="safe-code-form">
        <TextField
          form={form}
          name="password"
          id="safe-code-password"
          label={t('safeCode.password')}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          form={form}
          name="oldSafeCode"
          id="old-safe-code"
          label={t('safeCode.old')}
          type="password"
          inputMode="numeric"
          maxLength={4}
          digits
        />
        <TextField
          form={form}
          name="newSafeCode"
          id="new-safe-code"
          label={t('safeCode.new')}
          type="password"
          inputMode="numeric"
          maxLength={4}
          digits
        />
        <TextField
          form={form}
          name="confirmSafeCode"
          id="confirm-safe-code"
          label={t('safeCode.confirm')}
          type="password"
          inputMode="numeric"
          maxLength={4}
          digits
        />
        <Button type="submit" disabled={pending}>
          {pending ? t('password.saving') : t('password.save')}
        </Button>
      </form>
    </section>
  );
}
