import { Command as CommandPrimitive } from 'cmdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '@contract/methods.contract';
import { useCall } from '@/api/queries';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { ComboboxField, ComboboxList } from './account-combobox-parts';
import { NO_ITEM, useAccountCombobox, type AccountComboboxProps, type AccountOption, type Highlight } from './use-account-combobox';
import { useDebouncedValue } from './use-debounced-value';

// Features match typed names the way the picker does.
export { sameName } from './use-account-combobox';

export type AccountSuggestion = ResultOf<'gw.credit.fuzzy.search.tips'>['list'][number];

export const SUGGEST_DELAY_MS = 200;

/**
 * An account field with suggestions (shadcn's combobox: Popover + cmdk). Typing opens the list;
 * arrows move through it and Enter picks the highlighted option; Enter with nothing highlighted
 * picks the option of exactly that name, else submits the typed name; Escape closes, then clears.
 */
export function AccountCombobox<T extends AccountOption>(props: AccountComboboxProps<T>) {
  const [highlighted, setHighlighted] = useState(NO_ITEM);
  return (
    <CommandPrimitive
      value={highlighted}
      onValueChange={setHighlighted}
      shouldFilter={false}
      loop
      disablePointerSelection
      className={cn('relative', props.className)}
      data-slot="account-picker"
    >
      <ComboboxBody props={props} highlight={{ value: highlighted, set: setHighlighted }} />
    </CommandPrimitive>
  );
}

function ComboboxBody<T extends AccountOption>({ props, highlight }: { props: AccountComboboxProps<T>; highlight: Highlight }) {
  const box = useAccountCombobox(props, highlight);
  const field = <ComboboxField props={props} box={box} />;
  const list = <ComboboxList props={props} box={box} />;
  return (
    <>
      {props.showLabel ? (
        <label htmlFor={box.inputId} className="mb-1 block text-xs text-muted-foreground">
          {props.label}
        </label>
      ) : null}
      {props.inline ? (
        <div className="space-y-2">
          {field}
          {list}
        </div>
      ) : (
        <Popover open={box.open} onOpenChange={(next) => !next && box.close()}>
          <PopoverAnchor asChild>{field}</PopoverAnchor>
          <PopoverContent
            role="presentation"
            className="w-(--radix-popover-trigger-width) min-w-56 p-1"
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={(event) => event.preventDefault()}
            onInteractOutside={(event) => {
              if (event.target instanceof Node && document.getElementById(box.inputId)?.parentElement?.contains(event.target))
                event.preventDefault();
            }}
            onMouseDown={(event) => event.preventDefault()}
          >
            {list}
          </PopoverContent>
        </Popover>
      )}
    </>
  );
}

export type AccountSource = 'line' | 'agents';
const tipsMethod = { line: 'gw.credit.fuzzy.search.tips', agents: 'gw.credit.fuzzy.agent.search.tips' } as const;

/** Suggestions for typed text from the gateway's name tips, asked once typing pauses. */
export function useAccountSuggestions(text: string, { source = 'line', limit = 10 }: { source?: AccountSource; limit?: number } = {}) {
  const typed = text.trim();
  const keyword = useDebouncedValue(typed, SUGGEST_DELAY_MS);
  const query = useCall(tipsMethod[source], { keyword, limit }, { enabled: keyword !== '', silent: true, staleTime: 30_000 });
  const settled = keyword === typed;
  return {
    options: keyword === '' ? [] : (query.data?.list ?? []),
    loading: typed !== '' && (!settled || query.isFetching),
  };
}

export interface AccountPickerProps extends Omit<AccountComboboxProps<AccountSuggestion>, 'options' | 'loading'> {
  source?: AccountSource;
  limit?: number;
}

/** The account field of every filter: suggestions from the caller's line (or its agents) as one types. */
export function AccountPicker({ source, limit, renderOption, ...props }: AccountPickerProps) {
  const { t } = useTranslation();
  const { options, loading } = useAccountSuggestions(props.text, { source, limit });
  return (
    <AccountCombobox
      {...props}
      options={options}
      loading={loading}
      renderOption={
        renderOption ??
        ((option) => (
          <>
            <span className="font-medium">{option.loginId}</span>
            <span className="truncate text-muted-foreground">{option.nickname}</span>
            <span className="ml-auto text-xs text-muted-foreground">{t(`level.${option.level}`)}</span>
          </>
        ))
      }
    />
  );
}
