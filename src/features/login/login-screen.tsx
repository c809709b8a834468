import { RefreshCw } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '@/lib/session-context';
import { FormField } from '@/components/form-field';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoginRefusal } from './login-refusal';
import { captchaProblem, digitsOnly, loginIdProblem, loginPasswordProblem, safeCodeProblem } from '@/lib/form-rules';

interface LoginScreenProps {
  footer?: ReactNode;
  view?: 'desktop' | 'mobile';
  /** /oldLogin's layout (a brand panel beside the form); by default the site's login style (`login` of sn.template.get). */
  layout?: 'default' | 'old';
}

/** The sign-in form (docs/product.md#sign-in); the phone entry adds its "desktop version" link below it (`footer`). */
export function LoginScreen({ footer, view = 'desktop', layout }: LoginScreenProps) {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const site = SessionContext.useSelector((state) => state.context.site);
  const captcha = SessionContext.useSelector((state) => state.context.captcha);
  const asksCaptcha = site?.captcha !== false;
  const old = view === 'desktop' && (layout ?? (site?.login === 'old' ? 'old' : 'default')) === 'old';
  const reason = SessionContext.useSelector((state) => state.context.reason);
  const error = SessionContext.useSelector((state) => state.context.error);
  const submitting = SessionContext.useSelector((state) => state.matches({ open: { signedOut: 'submitting' } }));
  const loadingCaptcha = SessionContext.useSelector((state) => state.matches({ open: { signedOut: 'loadingCaptcha' } }));
  const [values, setValues] = useState({ loginId: '', password: '', captchaCode: '', safeCode: '' });
  const [codeFor, setCodeFor] = useState(captcha?.captchaId);
  if (codeFor !== captcha?.captchaId) {
    setCodeFor(captcha?.captchaId);
    setValues((current) => ({ ...current, captchaCode: '' }));
  }
  const [touched, setTouched] = useState(false);
  const [capsLock, setCapsLock] = useState(false);

  const problems = {
    loginId: loginIdProblem(values.loginId),
    password: loginPasswordProblem(values.password),
    captchaCode: asksCaptcha ? captchaProblem(values.captchaCode) : null,
    safeCode: safeCodeProblem(values.safeCode),
  };
  const shown = (field: keyof typeof problems) => (touched && problems[field] ? t(problems[field]!) : null);
  const set = (field: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const refreshOnAltR = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!event.altKey || event.code !== 'KeyR' || loadingCaptcha) return;
    event.preventDefault();
    session.send({ type: 'CAPTCHA.REFRESH' });
  };
  const watchCapsLock = (event: KeyboardEvent<HTMLInputElement>) => setCapsLock(event.getModifierState('CapsLock'));

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean) || (asksCaptcha && !captcha)) return;
    session.send({
      type: 'LOGIN.SUBMIT',
      credentials: {
        loginId: values.loginId.trim(),
        password: values.password,
        captchaId: captcha?.captchaId ?? '',
        captchaCode: values.captchaCode.trim(),
        safeCode: values.safeCode,
      },
    });
    setValues((current) => ({ ...current, captchaCode: '' }));
  }

  const signInForm = (
    <form
      onSubmit={submit}
      noValidate
      className={
        old
          ? 'w-full space-y-4 bg-card p-6 text-card-foreground sm:w-1/2'
          : 'w-full max-w-sm space-y-4 rounded-xl border bg-card p-6 text-card-foreground shadow-lg'
      }
      aria-labelledby="login-title"
    >
      <div className="space-y-1 text-center">
        <h1 id="login-title" className="text-2xl font-semibold">
          {site?.title || t('app.title')}
        </h1>
        <p className="text-sm text-muted-foreground">{t('login.subtitle')}</p>
      </div>
      {reason ? (
        <p className="rounded-md bg-muted p-3 text-sm" role="status" data-testid="login-reason">
          {t(`login.reason.${reason}`)}
        </p>
      ) : null}
      {error ? <LoginRefusal error={error} /> : null}
      <FormField id="login-id" label={t('login.username')} problem={shown('loginId')}>
        <Input
          id="login-id"
          name="username"
          autoComplete="username"
          autoFocus
          value={values.loginId}
          onChange={(e) => set('loginId')(e.target.value)}
          aria-invalid={Boolean(shown('loginId'))}
          aria-describedby={shown('loginId') ? 'login-id-problem' : undefined}
        />
      </FormField>
      <FormField
        id="login-password"
        label={t('login.password')}
        problem={shown('password')}
        hint={
          capsLock ? (
            <p className="text-sm text-amber-500" role="status" data-testid="caps-lock-warning">
              {t('login.capsLock')}
            </p>
          ) : null
        }
      >
        <Input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => set('password')(e.target.value)}
          onKeyDown={watchCapsLock}
          onKeyUp={watchCapsLock}
          aria-invalid={Boolean(shown('password'))}
          aria-describedby={shown('password') ? 'login-password-problem' : undefined}
        />
      </FormField>
      {asksCaptcha ? (
        <FormField id="login-captcha" label={t('login.captcha')} problem={shown('captchaCode')}>
          <div className="flex items-center gap-2">
            <Input
              id="login-captcha"
              name="captcha"
              autoComplete="off"
              maxLength={8}
              value={values.captchaCode}
              onChange={(e) => set('captchaCode')(e.target.value)}
              onKeyDown={refreshOnAltR}
              aria-keyshortcuts="Alt+R"
              aria-invalid={Boolean(shown('captchaCode'))}
            />
            {captcha ? (
              <img
                src={captcha.image}
                alt={t('login.captchaImage')}
                data-captcha-id={captcha.captchaId}
                className="h-10 w-28 rounded border bg-white"
              />
            ) : (
              <div className="h-10 w-28 rounded border bg-muted" aria-hidden />
            )}
            <Button
              type="button"
              variant="outline"
              size="icon"
              onClick={() => session.send({ type: 'CAPTCHA.REFRESH' })}
              disabled={loadingCaptcha}
              // Out of the Tab order: from the captcha, Tab goes on to the safe code; Alt+R refreshes.
              tabIndex={-1}
              aria-keyshortcuts="Alt+R"
              title={t('login.refreshCaptchaKey')}
              aria-label={t('login.refreshCaptcha')}
            >
              <RefreshCw aria-hidden />
            </Button>
          </div>
        </FormField>
      ) : null}
      <FormField id="login-safe-code" label={t('login.safeCode')} problem={shown('safeCode')}>
        <Input
          id="login-safe-code"
          name="safeCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          value={values.safeCode}
          onChange={(e) => set('safeCode')(digitsOnly(e.target.value))}
          aria-invalid={Boolean(shown('safeCode'))}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={submitting || (asksCaptcha && !captcha)}>
        {submitting ? t('login.signingIn') : t('login.submit')}
      </Button>
    </form>
  );

  return (
    <main
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-background p-4 text-foreground"
      data-testid="login-screen"
      data-view={view}
      data-layout={old ? 'old' : 'default'}
    >
      <div className="absolute top-4 right-4">
        <LanguageSwitcher />
      </div>
      {old ? (
        <div className="flex w-full max-w-3xl overflow-hidden rounded-xl border shadow-lg" data-testid="login-old-layout">
          <aside className="hidden flex-col items-center justify-center gap-3 bg-primary p-8 text-primary-foreground sm:flex sm:w-1/2">
            {site?.logo ? <img src={site.logo} alt="" className="max-h-20 max-w-full" /> : null}
            <p className="text-center text-2xl font-semibold">{site?.title || t('app.title')}</p>
          </aside>
          {signInForm}
        </div>
      ) : (
        signInForm
      )}
      {footer}
    </main>
  );
}
