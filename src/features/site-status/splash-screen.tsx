import { useTranslation } from 'react-i18next';

export function SplashScreen() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center bg-background text-muted-foreground" aria-busy="true">
      <p role="status">{t('app.loading')}</p>
    </main>
  );
}
