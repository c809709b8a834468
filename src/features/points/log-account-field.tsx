import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../../contract/methods.contract';
import { call } from '@/api/gateway-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { appliedName, sameName, type LogAccountFilterControl } from './use-log-account-filter';

type Suggestion = ResultOf<'gw.credit.fuzzy.search.tips'>['list'][number];

export function LogAccountField({ filter }: { filter: LogAccountFilterControl }) {
  const { t } = useTranslation();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const listRef = useRef<HTMLUListElement>(null);
  const shownName = appliedName(filter.applied);
  const unknown = filter.unknownName;

  useEffect(() => {
    const keyword = filter.text.trim();
    if (!keyword || sameName(keyword, shownName)) {
      setSuggestions([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      call('gw.credit.fuzzy.search.tips', { keyword, limit: 8 }).then(
        (answer) => live && setSuggestions(answer.list),
        () => live && setSuggestions([]),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [filter.text, shownName]);

  return (
    <div className="relative">
      <label className="grid gap-1 text-xs text-muted-foreground">
        {t('log.account')}
        <div className="flex items-center gap-1">
          <Input
            id="log-account"
            value={filter.text}
            onChange={(event) => filter.type(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                filter.commit();
              }
            }}
            onBlur={(event) => {
              if (!listRef.current?.contains(event.relatedTarget)) filter.commit();
            }}
            placeholder={t('log.anyAccount')}
            className="w-44"
            maxLength={16}
            enterKeyHint="search"
            aria-invalid={unknown !== null || undefined}
            aria-describedby={unknown !== null ? 'log-account-problem' : undefined}
            aria-busy={filter.resolving || undefined}
            data-testid="log-account"
            data-applied={filter.applied.kind}
            data-user-id={filter.applied.kind === 'account' ? filter.applied.userId : undefined}
          />
          {filter.applied.kind !== 'any' ? (
            <Button type="button" size="icon" variant="ghost" aria-label={t('log.clearAccount')} onClick={filter.clear}>
              <X aria-hidden />
            </Button>
          ) : null}
        </div>
      </label>
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
      {suggestions.length > 0 ? (
        <ul
          ref={listRef}
          className="absolute z-20 mt-1 w-56 rounded-md border bg-popover text-popover-foreground shadow"
          role="listbox"
          aria-label={t('log.account')}
        >
          {suggestions.map((suggestion) => (
            <li key={suggestion.userId} role="option" aria-selected={false}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-accent"
                onClick={() => {
                  filter.pick({ userId: suggestion.userId, loginId: suggestion.loginId });
                  setSuggestions([]);
                }}
                data-testid="log-account-suggestion"
              >
                {suggestion.loginId} <span className="text-muted-foreground">{suggestion.nickname}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
