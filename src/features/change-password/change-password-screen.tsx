import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '@/components/form/use-contract-form';
import { SessionContext } from '@/lib/session-context';
import { toast } from '@/lib/toast';
import { PasswordForm, emptyPasswordValues, passwordSchema } from './password-form';

export default function ChangePasswordScreen() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const schema = useMemo(() => passwordSchema({ askOld: true, askSafeCode: false }), []);
  const { form, submit, pending } = useContractForm({
    method: 'gw.credit.user.password.update',
    schema,
    defaultValues: emptyPasswordValues,
    invalidates: [],
    toParams: (values) => ({ oldPassword: values.oldPassword, newPassword: values.newPassword, confirmPassword: values.confirmPassword }),
    onSuccess: () => {
      toast(t('password.changed'), { variant: 'success' });
      session.send({ type: 'PASSWORD.CHANGED' });
    },
  });
  return (
    <section className="space-y-4" data-testid="change-password-screen">
      <h1 className="text-xl font-semibold">{t('route.changePassword')}</h1>
      <p className="text-sm text-muted-foreground">{t('password.endsSessions')}</p>
      <PasswordForm form={form} askOld askSafeCode={false} busy={pending} onSubmit={submit} />
    </section>
  );
}
