import { useTranslation } from 'react-i18next';
import { AccountPicker } from '@/components/filters/account-picker';
import type { LogAccountFilterControl } from './use-log-account-filter';

export function LogAccountField({ filter }: { filter: LogAccountFilterControl }) {
  const { t } = useTranslation();
  const unknown = filter.unknownName;
  return (
    <div className="relative grid">
      <AccountPicker
        id="log-account"
        label={t('log.account')}
        showLabel
        placeholder={t('log.anyAccount')}
        text={filter.text}
        onTextChange={filter.type}
        onPick={(account) => filter.pick({ userId: account.userId, loginId: account.loginId })}
        onSubmit={filter.commit}
        onLeave={filter.commit}
        onClear={filter.applied.kind !== 'any' || filter.text !== '' ? filter.clear : undefined}
        limit={8}
        inputClassName="w-44"
        invalid={unknown !== null}
        describedBy={unknown !== null ? 'log-account-problem' : undefined}
        busy={filter.resolving}
        inputData={{
          'data-testid': 'log-account',
          'data-applied': filter.applied.kind,
          'data-user-id': filter.applied.kind === 'account' ? filter.applied.userId : undefined,
        }}
        optionTestId="log-account-suggestion"
      />
      {unknown !== null ? (
        <p
          id="log-account-problem"
          className="absolute top-full left-0 mt-1 text-xs whitespace-nowrap text-destructive"
          role="alert"
          data-testid="log-account-problem"
        >
          {t('log.unknownAccount', { name: unknown })}
        </p>
      ) : null}
    </div>
  );
}
