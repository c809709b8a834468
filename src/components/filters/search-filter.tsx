import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { placeholderWidth } from './placeholder-width';

export interface SearchFilterProps {
  label: string;
  /** The label for screen readers only, where the placeholder already says it (a list's own search). */
  labelHidden?: boolean;
  /** The text in force (trimmed); the field shows it again when it changes from outside (reset). */
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  debounceMs?: number;
  maxLength?: number;
  className?: string;
  'data-testid'?: string;
}

/** A text filter that applies once typing pauses; Enter applies at once, Escape clears. */
export function SearchFilter({
  label,
  labelHidden,
  value,
  onChange,
  placeholder,
  debounceMs = 300,
  maxLength,
  className,
  ...rest
}: SearchFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const apply = useRef(onChange);
  useEffect(() => {
    apply.current = onChange;
  });
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => apply.current(text.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [text, value, debounceMs]);

  return (
    <div className={cn('grid w-max min-w-48 shrink-0 gap-1', className)}>
      <label htmlFor={id} className={cn('text-xs text-muted-foreground', labelHidden && 'sr-only')}>
        {label}
      </label>
      <div className="relative flex items-center">
        <Search className="pointer-events-none absolute left-2 size-4 text-muted-foreground" aria-hidden />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (text.trim() !== value) onChange(text.trim());
            } else if (event.key === 'Escape' && text !== '') {
              event.preventDefault();
              setText('');
              if (value !== '') onChange('');
            }
          }}
          placeholder={placeholder}
          size={1}
          style={{ minWidth: placeholderWidth(placeholder, '4rem + 2px') }}
          maxLength={maxLength}
          enterKeyHint="search"
          className="w-full pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
          data-testid={rest['data-testid']}
        />
        {text !== '' ? (
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="absolute right-0 size-9 text-muted-foreground"
            aria-label={t('filter.clear')}
            onClick={() => {
              setText('');
              if (value !== '') onChange('');
            }}
          >
            <X aria-hidden />
          </Button>
        ) : null}
      </div>
    </div>
  );
}
