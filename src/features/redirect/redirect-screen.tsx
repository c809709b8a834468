import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';

/** /redirect/<path>: leaves for <path> at once, which remounts that screen (the refresh helper, docs/product.md#routes-and-menu). */
export function RedirectScreen() {
  const { t } = useTranslation();
  const params = useParams<{ '*': string }>();
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate(`/${params['*'] ?? ''}`, { replace: true });
  }, [navigate, params]);
  return (
    <p role="status" className="p-6 text-muted-foreground">
      {t('app.loading')}
    </p>
  );
}
