import { useTranslation } from 'react-i18next';
import { accountStateOf } from '../../machines/account-status.machine';
import { Badge } from '@/components/ui/badge';

const variants = { normal: 'secondary', disabled: 'destructive', frozen: 'warning' } as const;

/** An account's own status as the status machine reads it; `quiet` shows nothing for a normal one. */
export function AccountStatusBadge({ status, quiet = false }: { status: number; quiet?: boolean }) {
  const { t } = useTranslation();
  const state = accountStateOf({ status, teamStatus: status }).account;
  if (quiet && state === 'normal') return null;
  return (
    <Badge variant={variants[state]} data-status={state}>
      {t(`status.${state}`)}
    </Badge>
  );
}
