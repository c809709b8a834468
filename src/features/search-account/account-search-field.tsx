import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '@/api/queries';
import { AccountPicker } from '@/components/filters/account-picker';

/** The search-account screens' state: the text typed, the name searched and the accounts found (null before a search). */
export function useAccountSearch() {
  const [text, setText] = useState('');
  const [loginId, setLoginId] = useState('');
  const answer = useCall('gw.credit.account.search', { loginId }, { enabled: loginId !== '' });
  const search = (name: string) => {
    setText(name);
    setLoginId(name.trim());
  };
  return {
    text,
    setText,
    search,
    submit(event: FormEvent) {
      event.preventDefault();
      if (text.trim()) search(text);
    },
    found: loginId === '' ? null : (answer.data?.list ?? null),
    fetching: answer.isFetching,
  };
}

export type AccountSearch = ReturnType<typeof useAccountSearch>;

/** The name field with suggestions as you type; picking one, or Enter, searches. */
export function AccountSearchField({ state, className, autoFocus }: { state: AccountSearch; className?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <AccountPicker
      className={className}
      label={t('accounts.searchPlaceholder')}
      placeholder={t('accounts.searchPlaceholder')}
      text={state.text}
      onTextChange={state.setText}
      onPick={(account) => state.search(account.loginId)}
      onSubmit={(name) => name && state.search(name)}
      onClear={() => state.search('')}
      autoFocus={autoFocus}
      inputData={{ 'data-testid': 'search-input' }}
      optionTestId="search-suggestion"
      renderOption={(account) => (
        <>
          <span>{account.loginId}</span>
          <span className="ml-auto text-muted-foreground">{t(`level.${account.level}`)}</span>
        </>
      )}
    />
  );
}
