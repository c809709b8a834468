import { Command as CommandPrimitive, useCommandState } from 'cmdk';
import { X } from 'lucide-react';
import { useCallback, useId, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../../contract/methods.contract';
import { useCall } from '@/api/queries';
import { Button } from '@/components/ui/button';
import { CommandItem, CommandList } from '@/components/ui/command';
import { Input } from '@/components/ui/input';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from './use-debounced-value';

export type AccountSuggestion = ResultOf<'gw.credit.fuzzy.search.tips'>['list'][number];

/** What every option needs: the name shown, typed and matched. */
export interface AccountOption {
  userId: string;
  loginId: string;
}

/** cmdk selects the first item whenever nothing is; this value matches no item, so nothing is until an arrow key says so. */
const NO_ITEM = '\u0000';
export const SUGGEST_DELAY_MS = 200;

export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface AccountComboboxProps<T extends AccountOption> {
  /** The accessible name of the field (shown above it with `showLabel`). */
  label: string;
  showLabel?: boolean;
  text: string;
  onTextChange(text: string): void;
  options: readonly T[];
  loading?: boolean;
  /** A suggestion was chosen: clicked, or highlighted with the arrow keys and Enter. */
  onPick(option: T): void;
  /** Enter on a typed name that no listed option has (a listed one is picked instead). */
  onSubmit?(name: string): void;
  /** Shows a clear button while the field holds something. */
  onClear?(): void;
  /** Focus left the field (not for its own list). */
  onLeave?(event: FocusEvent<HTMLInputElement>): void;
  /** Why an option cannot be chosen (a reason code, in `data-reason`); it is listed, greyed. */
  refusal?(option: T): string | null;
  renderOption?(option: T, refusal: string | null): ReactNode;
  /** The list stays open under the field instead of a popover that opens as one types. */
  inline?: boolean;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  busy?: boolean;
  autoFocus?: boolean;
  id?: string;
  className?: string;
  inputClassName?: string;
  /** data-* attributes for the input (test ids, applied state). */
  inputData?: Record<`data-${string}`, string | undefined>;
  optionTestId?: string;
  emptyText?: string;
}

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
      <ComboboxBody {...props} highlighted={highlighted} setHighlighted={setHighlighted} />
    </CommandPrimitive>
  );
}

function ComboboxBody<T extends AccountOption>({
  label,
  showLabel,
  text,
  onTextChange,
  options,
  loading = false,
  onPick,
  onSubmit,
  onClear,
  onLeave,
  refusal = () => null,
  renderOption,
  inline = false,
  placeholder,
  invalid,
  describedBy,
  busy,
  autoFocus,
  id,
  inputClassName,
  inputData,
  optionTestId,
  emptyText,
  highlighted,
  setHighlighted,
}: AccountComboboxProps<T> & { highlighted: string; setHighlighted(value: string): void }) {
  const { t } = useTranslation();
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [listId, setListId] = useState<string>();
  const listRef = useCallback((node: HTMLDivElement | null) => setListId(node?.id), []);
  const activeId = useCommandState((state) => state.selectedItemId);
  const open = inline || (focused && !dismissed && text.trim() !== '');

  const close = () => {
    setDismissed(true);
    setHighlighted(NO_ITEM);
  };
  const pick = (option: T) => {
    close();
    onPick(option);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') setDismissed(false);
    if (event.key === 'Enter') {
      if (open && highlighted !== NO_ITEM) return;
      event.preventDefault();
      const exact = options.find((option) => sameName(option.loginId, text) && refusal(option) === null);
      if (exact) pick(exact);
      else {
        close();
        onSubmit?.(text.trim());
      }
    } else if (event.key === 'Escape') {
      if (open && !inline) close();
      else if (text !== '' && onClear) onClear();
    }
  }

  const list = (
    <CommandList ref={listRef} label={t('filter.picker.suggestions')} className={cn(inline && 'rounded-md border bg-card')}>
      {loading && options.length === 0 ? (
        <CommandPrimitive.Loading label={t('filter.picker.loading')} className="p-3 text-sm text-muted-foreground">
          {t('filter.picker.loading')}
        </CommandPrimitive.Loading>
      ) : null}
      {!loading && options.length === 0 ? (
        <p className="p-3 text-sm text-muted-foreground" data-testid="picker-empty">
          {emptyText ?? t('filter.picker.empty')}
        </p>
      ) : null}
      {options.map((option) => {
        const reason = refusal(option);
        return (
          <CommandItem
            key={option.userId}
            value={option.loginId}
            disabled={reason !== null}
            onSelect={() => pick(option)}
            data-testid={optionTestId}
            data-login-id={option.loginId}
            data-reason={reason ?? undefined}
            className="hover:bg-accent/60"
          >
            {renderOption ? renderOption(option, reason) : option.loginId}
          </CommandItem>
        );
      })}
    </CommandList>
  );

  const field = (
    <div className="relative flex items-center">
      <Input
        id={inputId}
        value={text}
        onChange={(event) => {
          setDismissed(false);
          setHighlighted(NO_ITEM);
          onTextChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          setFocused(false);
          setHighlighted(NO_ITEM);
          onLeave?.(event);
        }}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open ? activeId : undefined}
        aria-label={showLabel ? undefined : label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={16}
        placeholder={placeholder ?? t('filter.picker.placeholder')}
        autoFocus={autoFocus}
        className={cn(onClear && text !== '' && 'pr-8', inputClassName)}
        {...inputData}
      />
      {onClear && text !== '' ? (
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="absolute right-0 size-9 text-muted-foreground"
          aria-label={t('filter.picker.clear')}
          onClick={onClear}
          data-testid="picker-clear"
        >
          <X aria-hidden />
        </Button>
      ) : null}
    </div>
  );

  return (
    <>
      {showLabel ? (
        <label htmlFor={inputId} className="mb-1 block text-xs text-muted-foreground">
          {label}
        </label>
      ) : null}
      {inline ? (
        <div className="space-y-2">
          {field}
          {list}
        </div>
      ) : (
        <Popover open={open} onOpenChange={(next) => !next && close()}>
          <PopoverAnchor asChild>{field}</PopoverAnchor>
          <PopoverContent
            role="presentation"
            className="w-(--radix-popover-trigger-width) min-w-56 p-1"
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={(event) => event.preventDefault()}
            onInteractOutside={(event) => {
              if (event.target instanceof Node && document.getElementById(inputId)?.parentElement?.contains(event.target))
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
