import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CommandItem, CommandList } from '@/components/ui/command';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { placeholderWidth } from './placeholder-width';
import type { AccountComboboxProps, AccountComboboxState, AccountOption } from './use-account-combobox';

interface PartProps<T extends AccountOption> {
  props: AccountComboboxProps<T>;
  box: AccountComboboxState<T>;
}

/**
 * The suggestions: each option (greyed with its reason when it cannot be chosen) in the listbox, and
 * the loading or empty message beside it, since a listbox may hold only options.
 */
export function ComboboxList<T extends AccountOption>({ props, box }: PartProps<T>) {
  const { t } = useTranslation();
  const { options, loading = false, renderOption, inline = false, optionTestId, emptyText } = props;
  return (
    <div className={cn(inline && 'rounded-md border bg-card')}>
      {loading && options.length === 0 ? (
        <p role="status" className="p-3 text-sm text-muted-foreground" data-testid="picker-loading">
          {t('filter.picker.loading')}
        </p>
      ) : null}
      {!loading && options.length === 0 ? (
        <p role="status" className="p-3 text-sm text-muted-foreground" data-testid="picker-empty">
          {emptyText ?? t('filter.picker.empty')}
        </p>
      ) : null}
      <CommandList ref={box.listRef} label={t('filter.picker.suggestions')} aria-busy={loading || undefined}>
        {options.map((option) => {
          const reason = box.refusal(option);
          return (
            <CommandItem
              key={option.userId}
              value={option.loginId}
              disabled={reason !== null}
              onSelect={() => box.pick(option)}
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
    </div>
  );
}

/** The typed name (the combobox's input) and its clear button; the rest goes on its box, as the popover's anchor (Radix Slot) gives it its ref. */
export function ComboboxField<T extends AccountOption>({ props, box, ...anchor }: PartProps<T> & ComponentProps<'div'>) {
  const { t } = useTranslation();
  const { text, onClear, showLabel, label, invalid, describedBy, busy, placeholder, autoFocus, inputClassName, inputData } = props;
  const { open } = box;
  return (
    <div className="relative flex items-center" {...anchor}>
      <Input
        id={box.inputId}
        value={text}
        onChange={(event) => box.onType(event.target.value)}
        onKeyDown={box.onKeyDown}
        onFocus={box.onFocus}
        onBlur={box.onBlur}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? box.listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open ? box.activeId : undefined}
        aria-label={showLabel ? undefined : label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={16}
        placeholder={placeholder ?? t('filter.picker.placeholder')}
        style={{ minWidth: placeholderWidth(placeholder ?? t('filter.picker.placeholder'), '1.5rem + 2px') }}
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
}
