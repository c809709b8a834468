import { LogOut } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '@/lib/session-context';
import { Button } from '@/components/ui/button';
import { codeMessage } from '@/components/form/form-messages';
import { useSchemaForm } from '@/components/form/use-contract-form';
import { PasswordForm, emptyPasswordValues, passwordSchema, type PasswordFormValues } from './password-form';

/** Forced password change (and first login): the only screen until it is done (docs/product.md#sign-in). */
export function ForcedPasswordScreen() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const firstLogin = SessionContext.useSelector((state) => state.context.session?.firstLogin === '1');
  const busy = SessionContext.useSelector((state) => state.matches({ open: { signedIn: { changingPassword: 'submitting' } } }));
  const schema = useMemo(() => passwordSchema({ askOld: false, askSafeCode: firstLogin }), [firstLogin]);
  const form = useSchemaForm<PasswordFormValues>(schema, emptyPasswordValues);
  const error = SessionContext.useSelector((state) => state.context.error);
  // A refusal that names a field of this form (a password known from breaches, one unchanged) is shown on it.
  useEffect(() => {
    const field = error?.data?.field;
    if (!error || (field !== 'newPassword' && field !== 'confirmPassword' && field !== 'safeCode')) return;
    form.setError(field, { type: 'server', message: error.data?.rule ?? codeMessage(error.code) }, { shouldFocus: true });
  }, [error, form]);
  const submit = form.handleSubmit((values) =>
    session.send({
      type: 'PASSWORD.SUBMIT',
      password: {
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
        ...(firstLogin ? { safeCode: values.safeCode } : {}),
      },
    }),
  );
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-4 text-foreground" data-testid="forced-password-screen">
      <section className="w-full max-w-md space-y-4 rounded-xl border bg-card p-6 text-card-foreground shadow-lg">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h1 className="text-xl font-semibold">{t('route.changePassword')}</h1>
            <p className="text-sm text-muted-foreground">{firstLogin ? t('password.firstLogin') : t('password.forced')}</p>
          </div>
          <Button variant="ghost" size="icon" aria-label={t('command.logout')} onClick={() => session.send({ type: 'LOGOUT.REQUEST' })}>
            <LogOut aria-hidden />
          </Button>
        </div>
        <PasswordForm form={form} askOld={false} askSafeCode={firstLogin} busy={busy} onSubmit={submit} />
      </section>
    </main>
  );
}
