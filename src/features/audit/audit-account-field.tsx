import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountPicker, sameName } from '@/components/filters/account-picker';

/** An account filter of the operation record: none, one account of the caller's line, or a typed name that none has. */
export type AuditAccount = { kind: 'any' } | { kind: 'account'; userId: string; loginId: string } | { kind: 'unknown'; name: string };

/**
 * A suggestion applies at once; Enter on a name no suggestion has applies one of `others` (the
 * caller's own sub-accounts, which the line's suggestions do not hold) by that name, or says it is
 * not in the line; an emptied field clears.
 */
export function useAuditAccount(others: readonly { userId: string; loginId: string }[] = []) {
  const [text, setText] = useState('');
  const [applied, setApplied] = useState<AuditAccount>({ kind: 'any' });
  const clear = useCallback(() => {
    setText('');
    setApplied({ kind: 'any' });
  }, []);
  return useMemo(
    () => ({
      text,
      applied,
      type: setText,
      clear,
      pick: (account: { userId: string; loginId: string }) => {
        setText(account.loginId);
        setApplied({ kind: 'account', ...account });
      },
      submit: (name: string) => {
        if (name === '') return clear();
        const other = others.find((account) => sameName(account.loginId, name));
        setApplied(other ? { kind: 'account', ...other } : { kind: 'unknown', name });
      },
      leave: () => {
        if (text.trim() === '') clear();
      },
    }),
    [text, applied, clear, others],
  );
}

export type AuditAccountControl = ReturnType<typeof useAuditAccount>;

export function AuditAccountField({ filter, name, label }: { filter: AuditAccountControl; name: string; label: string }) {
  const { t } = useTranslation();
  const unknown = filter.applied.kind === 'unknown' && sameName(filter.text, filter.applied.name) ? filter.applied.name : null;
  return (
    <div className="relative grid">
      <AccountPicker
        id={`audit-${name}`}
        label={label}
        showLabel
        placeholder={t('audit.anyAccount')}
        text={filter.text}
        onTextChange={filter.type}
        onPick={(account) => filter.pick({ userId: account.userId, loginId: account.loginId })}
        onSubmit={filter.submit}
        onLeave={filter.leave}
        onClear={filter.applied.kind !== 'any' || filter.text !== '' ? filter.clear : undefined}
        limit={8}
        inputClassName="w-40"
        invalid={unknown !== null}
        describedBy={unknown !== null ? `audit-${name}-problem` : undefined}
        inputData={{
          'data-testid': `audit-${name}`,
          'data-applied': filter.applied.kind,
          'data-user-id': filter.applied.kind === 'account' ? filter.applied.userId : undefined,
        }}
        optionTestId={`audit-${name}-suggestion`}
      />
      {unknown !== null ? (
        <p
          id={`audit-${name}-problem`}
          className="absolute top-full left-0 mt-1 text-xs whitespace-nowrap text-destructive"
          role="alert"
          data-testid={`audit-${name}-problem`}
        >
          {t('log.unknownAccount', { name: unknown })}
        </p>
      ) : null}
    </div>
  );
}
