import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface FilterBarProps {
  /** The search landmark's name (the screen's title). */
  label: string;
  /** How many filters differ from their defaults. */
  activeCount: number;
  /** Puts every filter back to its default. */
  onReset(): void;
  /** Shown at the right end (totals, export buttons). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A row of filters that wraps on narrow screens, says how many are in force and resets them all. */
export function FilterBar({ label, activeCount, onReset, actions, className, children }: FilterBarProps) {
  const { t } = useTranslation();
  return (
    <div role="search" aria-label={label} className={cn('flex flex-wrap items-end gap-2', className)} data-active-count={activeCount}>
      {children}
      <div className="flex items-center gap-2">
        {activeCount > 0 ? (
          <Badge variant="secondary" role="status" data-testid="filter-active-count">
            {t('filter.active', { count: activeCount })}
          </Badge>
        ) : null}
        <Button type="button" variant="ghost" size="sm" onClick={onReset} disabled={activeCount === 0} data-testid="filter-reset">
          <RotateCcw aria-hidden />
          {t('filter.reset')}
        </Button>
      </div>
      {actions ? <div className="ml-auto flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}
