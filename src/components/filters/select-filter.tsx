import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

export interface SelectFilterProps<V extends string> {
  label: string;
  /** The label is read by screen readers only: a toolbar whose first choice says what the select is for. */
  labelHidden?: boolean;
  value: NoInfer<V> | '';
  onChange(value: NoInfer<V> | ''): void;
  options: readonly { value: V; label: string }[];
  /** The first choice, meaning no filter ('' as value); "all" unless told. */
  anyLabel?: string;
  /** One of the options must be chosen: no "all" choice (the leaderboard's metric). */
  required?: boolean;
  className?: string;
  'data-testid'?: string;
}

/** A choice among a few values, or none: a native select, which every keyboard and screen reader knows. */
export function SelectFilter<V extends string>({
  label,
  labelHidden,
  value,
  onChange,
  options,
  anyLabel,
  required,
  className,
  ...rest
}: SelectFilterProps<V>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={cn('grid max-w-full grid-cols-1 gap-1', className)}>
      <label htmlFor={id} className={cn('text-xs text-muted-foreground', labelHidden && 'sr-only')}>
        {label}
      </label>
      <NativeSelect
        id={id}
        className="max-w-full"
        value={value}
        onChange={(event) => onChange(event.target.value as V | '')}
        data-testid={rest['data-testid']}
      >
        {required ? null : <option value="">{anyLabel ?? t('filter.any')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
