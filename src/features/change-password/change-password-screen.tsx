import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GatewayError, call } from '@/api/gateway-client';
import { SessionContext } from '@/lib/session-context';
import { toast } from '@/lib/toast';
import { showError } from '@/lib/error-toast';
import { PasswordForm } from './password-form';

export default function ChangePasswordScreen() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const [busy, setBusy] = useState(false);
  return (
    <section className="space-y-4" data-testid="change-password-screen">
      <h1 className="text-xl font-semibold">{t('route.changePassword')}</h1>
      <p className="text-sm text-muted-foreground">{t('password.endsSessions')}</p>
      <PasswordForm
        askOld
        askSafeCode={false}
        busy={busy}
        onSubmit={async (values) => {
          setBusy(true);
          try {
            await call('gw.credit.user.password.update', {
              oldPassword: values.oldPassword,
              newPassword: values.newPassword,
              confirmPassword: values.confirmPassword,
            });
            toast(t('password.changed'), { variant: 'success' });
            session.send({ type: 'PASSWORD.CHANGED' });
          } catch (error) {
            showError(error instanceof GatewayError ? error.code : 1, t);
          } finally {
            setBusy(false);
          }
        }}
      />
    </section>
  );
}
