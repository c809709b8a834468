import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export type AccountKind = 'agents' | 'members';

/** Whether an account list shows the agents or the members below; agents are off below a level-4 agent. */
export function AccountKindToggle({
  shown,
  membersOnly,
  onChange,
}: {
  shown: AccountKind;
  membersOnly: boolean;
  onChange(kind: AccountKind): void;
}) {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t('accounts.show')} className="flex rounded-md border p-0.5">
      {(['agents', 'members'] as const).map((option) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={shown === option ? 'default' : 'ghost'}
          role="radio"
          aria-checked={shown === option}
          onClick={() => onChange(option)}
          disabled={option === 'agents' && membersOnly}
          data-kind={option}
        >
          {t(`accounts.${option}`)}
        </Button>
      ))}
    </div>
  );
}
