import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directChildList, whyNot } from '@commands/can';
import type { ResultOf } from '@contract/methods.contract';
import { useCall } from '@/api/queries';
import { AccountCombobox, SUGGEST_DELAY_MS, sameName } from '@/components/filters/account-picker';
import { useDebouncedValue } from '@/components/filters/use-debounced-value';
import { useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';

type Row = ResultOf<'gw.credit.agent.query'>['list'][number];

/** The set-score screen's choice of a direct child: the kit's account picker over the caller's direct children, always open. */
export function DirectChildPicker({ onPick }: { onPick(row: Row): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const [text, setText] = useState('');
  const [wanted, setWanted] = useState<string | null>(null);
  const loginId = useDebouncedValue(text.trim(), SUGGEST_DELAY_MS);
  const { data, isFetching } = useCall(directChildList(rights), {
    ...(loginId ? { loginId } : {}),
    pageSize: 20,
    sort: 'loginId',
    order: 'asc',
  });
  const rows = data?.list ?? [];
  const refusal = (row: Row) => whyNot(rights, 'gw.credit.user.score.up', row) && whyNot(rights, 'gw.credit.user.score.down', row);

  // A name typed in full and Enter before its list arrived: picked once the list for it is in.
  const pickWanted = useEffectEvent((name: string) => {
    const row = rows.find((candidate) => sameName(candidate.loginId, name) && refusal(candidate) === null);
    setWanted(null);
    if (row) onPick(row);
  });
  const listed = data !== undefined && !isFetching;
  useEffect(() => {
    if (wanted !== null && listed && loginId === wanted.trim()) pickWanted(wanted);
  }, [wanted, listed, loginId]);

  return (
    <div className="max-w-md" data-testid="child-picker">
      <AccountCombobox
        inline
        label={t('palette.chooseAccount')}
        placeholder={t('palette.chooseAccount')}
        text={text}
        onTextChange={(next) => {
          setWanted(null);
          setText(next);
        }}
        options={rows}
        loading={isFetching && rows.length === 0}
        emptyText={t('accounts.empty')}
        onPick={onPick}
        onSubmit={(name) => name && setWanted(name)}
        onClear={() => setText('')}
        refusal={refusal}
        autoFocus
        renderOption={(row, reason) => (
          <>
            <span className="font-medium">{row.loginId}</span>
            <span className="text-muted-foreground">{reason ? t(`why.${reason}`) : row.nickname}</span>
            <span className="ml-auto font-mono tabular-nums">{format.amount(row.balance)}</span>
          </>
        )}
      />
    </div>
  );
}
