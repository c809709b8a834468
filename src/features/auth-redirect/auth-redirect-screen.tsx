import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

/** Where an external sign-in comes back to: nothing to keep here, so on to the login form. */
export function AuthRedirectScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate('/login', { replace: true });
  }, [navigate]);
  return (
    <p role="status" className="p-6 text-muted-foreground">
      {t('app.loading')}
    </p>
  );
}
