// What the operation record's two tabs share: the range they are given, a refused range's message, the total.
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GatewayError } from '@/api/gateway-client';
import { reportError } from '@/api/queries';
import { problemText } from '@/components/form/form-messages';

export type AuditRange = { startTime: string; endTime: string };

export interface TabProps {
  /** The range to ask for, null while the chosen one is refused (nothing is asked then). */
  range: AuditRange | null;
  rangeFilter: ReactNode;
}

/** The message of a refused range (100 with its rule), or null: other failures go to the error toast. */
export function useRefusal(error: unknown): string | null {
  const { t } = useTranslation();
  const rule = error instanceof GatewayError && error.code === 100 ? error.data?.rule : undefined;
  useEffect(() => {
    if (error && !rule) reportError(error);
  }, [error, rule]);
  return rule ? problemText(t, rule) : null;
}

export function AuditTotal({ total, query, limit }: { total: number; query: object | null; limit?: number }) {
  const { t } = useTranslation();
  const count = query ? total : 0;
  return (
    <span className="text-sm text-muted-foreground" role="status" data-testid="audit-total" data-total={count}>
      {limit !== undefined && count > limit ? t('audit.newest', { count: limit, total: count }) : t('accounts.total', { count })}
    </span>
  );
}

export function AuditRefusal({ text }: { text: string }) {
  return (
    <p role="alert" className="text-sm text-destructive" data-testid="audit-refusal">
      {text}
    </p>
  );
}
