import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SessionError } from '@machines/session.machine';
import { errorMessage } from '@/lib/error-toast';
import { loadErrorTexts } from '@/lib/i18n';

const minutes = (seconds: number) => Math.max(Math.ceil(seconds / 60), 1);

/** What a refused sign-in says: the catalogue message, then how near or how long the name's lock is. */
export function refusalTexts(error: SessionError, t: TFunction): string[] {
  const { attemptsLeft, retryAfter, rule } = error.data ?? {};
  if (rule === 'login-locked' && retryAfter !== undefined) return [t('login.locked', { minutes: minutes(retryAfter) })];
  const texts = [errorMessage(error.code, t)];
  if (attemptsLeft === 0) texts.push(t('login.lockedNow', { minutes: minutes(retryAfter ?? 900) }));
  else if (attemptsLeft !== undefined) texts.push(t('login.attemptsLeft', { count: attemptsLeft }));
  return texts;
}

/** A refusal stays on the form until the next attempt (a toast could be dropped behind another). */
export function LoginRefusal({ error }: { error: SessionError }) {
  const { t } = useTranslation();
  const [textsLoaded, setTextsLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void loadErrorTexts().then(() => live && setTextsLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div
      role="alert"
      data-testid="login-error"
      data-code={error.code}
      className="space-y-1 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
    >
      {textsLoaded ? refusalTexts(error, t).map((text) => <p key={text}>{text}</p>) : null}
    </div>
  );
}
