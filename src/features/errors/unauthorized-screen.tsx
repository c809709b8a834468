import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';

export function UnauthorizedScreen() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center" data-testid="unauthorized-screen">
      <p className="text-6xl font-bold text-primary">401</p>
      <h1 className="text-xl font-semibold">{t('route.unauthorized')}</h1>
      <p className="text-muted-foreground">{t('errorPage.unauthorized')}</p>
      <Link href="/" className={buttonVariants()}>
        {t('errorPage.home')}
      </Link>
    </main>
  );
}
