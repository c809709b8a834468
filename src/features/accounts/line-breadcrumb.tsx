import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AsOfAmount } from '@/components/data-table/as-of-column';
import type { LineStep } from '@/hooks/use-account-pages';
import { useFormat } from '@/hooks/use-format';

/** The line from the signed-in account down to the listed parent; each step above it is a link. */
export function LineBreadcrumb({ line, asOf = null }: { line: readonly LineStep[]; asOf?: ReadonlyMap<string, string> | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <nav aria-label={t('accounts.breadcrumb')} data-testid="account-breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {line.map((step, index) => (
          <li key={step.userId} className="flex items-center gap-1" data-user-id={step.userId} data-login-id={step.loginId}>
            {index > 0 ? <ChevronRight className="size-3 text-muted-foreground" aria-hidden /> : null}
            {index === line.length - 1 ? (
              <span aria-current="page" className="font-medium">
                {step.loginId}
              </span>
            ) : (
              <Link
                href={index === 0 ? '/account/index' : `/account/index/${step.userId}`}
                className="text-primary underline-offset-2 hover:underline"
              >
                {step.loginId}
              </Link>
            )}
            <span className="text-xs text-muted-foreground">({t(`level.${step.level}`)})</span>
            {/* As of a past moment, each step of the line shows its balance then. */}
            {asOf ? (
              <span className="text-xs">
                <AsOfAmount value={asOf.get(step.userId)} format={format} />
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
