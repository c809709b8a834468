import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { accountStateOf } from '@machines/account-status.machine';
import { Badge } from '@/components/ui/badge';

const variants = { normal: 'secondary', disabled: 'destructive', frozen: 'warning' } as const;

/** An account's own status as the status machine reads it: normal, disabled or frozen. */
export const accountStatusState = (status: number) => accountStateOf({ status, teamStatus: status }).account;

/** The status's name in the interface language (filters, exports): the badge's text. */
export const accountStatusName = (status: number, t: TFunction) => t(`status.${accountStatusState(status)}`);

/** An account's own status as the status machine reads it; `quiet` shows nothing for a normal one. */
export function AccountStatusBadge({ status, quiet = false }: { status: number; quiet?: boolean }) {
  const { t } = useTranslation();
  const state = accountStatusState(status);
  if (quiet && state === 'normal') return null;
  return (
    <Badge variant={variants[state]} data-status={state}>
      {accountStatusName(status, t)}
    </Badge>
  );
}
