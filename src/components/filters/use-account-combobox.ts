import { useCommandState } from 'cmdk';
import { useCallback, useId, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';

/** What every option needs: the name shown, typed and matched. */
export interface AccountOption {
  userId: string;
  loginId: string;
}

/** cmdk selects the first item whenever nothing is; this value matches no item, so nothing is until an arrow key says so. */
export const NO_ITEM = '\u0000';

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

/** The highlighted option, as cmdk's value: the combobox owns it so that typing and closing can clear it. */
export interface Highlight {
  value: string;
  set(value: string): void;
}

const noRefusal = () => null;

/**
 * The combobox's state inside cmdk: whether the list is open, the ids that tie the input to the
 * list, and what typing, focus and keys do. Must be called under cmdk's `Command`.
 */
export function useAccountCombobox<T extends AccountOption>(props: AccountComboboxProps<T>, highlight: Highlight) {
  const { text, options, onPick, onSubmit, onClear, onLeave, onTextChange, refusal = noRefusal, inline = false } = props;
  const ownId = useId();
  const inputId = props.id ?? `${ownId}-input`;
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [listId, setListId] = useState<string>();
  const listRef = useCallback((node: HTMLDivElement | null) => setListId(node?.id), []);
  const activeId = useCommandState((state) => state.selectedItemId);
  const open = inline || (focused && !dismissed && text.trim() !== '');

  const close = () => {
    setDismissed(true);
    highlight.set(NO_ITEM);
  };
  const pick = (option: T) => {
    close();
    onPick(option);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') setDismissed(false);
    if (event.key === 'Enter') {
      if (open && highlight.value !== NO_ITEM) return;
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

  return {
    inputId,
    open,
    listId,
    listRef,
    activeId,
    close,
    pick,
    refusal,
    onKeyDown,
    onType(value: string) {
      setDismissed(false);
      highlight.set(NO_ITEM);
      onTextChange(value);
    },
    onFocus: () => setFocused(true),
    onBlur(event: FocusEvent<HTMLInputElement>) {
      setFocused(false);
      highlight.set(NO_ITEM);
      onLeave?.(event);
    },
  };
}

export type AccountComboboxState<T extends AccountOption> = ReturnType<typeof useAccountCombobox<T>>;
