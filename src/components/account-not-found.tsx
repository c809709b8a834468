import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** A screen about one account whose account cannot be loaded: its title, why, and a way back. */
export function AccountNotFound({ testId, title, back }: { testId: string; title: string; back: { href: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-3" data-testid={testId}>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">{t('edit.notFound')}</p>
      <Link href={back.href} className="text-primary underline">
        {back.label}
      </Link>
    </section>
  );
}
