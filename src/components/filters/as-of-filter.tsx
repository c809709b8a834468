import { History, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asOfInstant } from '@commands/as-of.commands';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { setAsOf, useAsOf } from '@/lib/as-of';
import { beijingTime } from '@/lib/time';

/**
 * The "as of" control of the balance screens (docs/product.md#balances-as-of): a Beijing date and
 * time at which every balance of the screen is shown, or none (balances now). The moment is the
 * app's one (src/lib/as-of.ts): the palette's "As of…" sets the same.
 */
export function AsOfFilter() {
  const { t } = useTranslation();
  const id = useId();
  const at = useAsOf();
  const [problem, setProblem] = useState(false);
  return (
    <div className="grid max-w-full grid-cols-1 gap-1">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        {t('asOf.label')}
      </label>
      <div className="flex items-center gap-1">
        <Input
          id={id}
          type="datetime-local"
          step={1}
          className="h-8 w-auto"
          value={at ? beijingTime(at).replace(' ', 'T') : ''}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            if (event.target.value === '') {
              setProblem(false);
              setAsOf(null);
              return;
            }
            const instant = asOfInstant(event.target.value);
            setProblem(instant === null);
            if (instant) setAsOf(instant);
          }}
          data-testid="as-of-input"
        />
        {at ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => setAsOf(null)} data-testid="as-of-off">
            <X aria-hidden />
            {t('asOf.off')}
          </Button>
        ) : null}
      </div>
      {problem ? (
        <span id={`${id}-problem`} className="text-xs text-destructive" role="alert">
          {t('asOf.future')}
        </span>
      ) : null}
    </div>
  );
}

/** The mark of a screen showing the past: the moment, and that nothing can move meanwhile (nothing without as-of). */
export function AsOfBanner() {
  const { t } = useTranslation();
  const at = useAsOf();
  if (!at) return null;
  return (
    <Badge variant="warning" className="gap-1" role="status" data-testid="as-of-banner">
      <History aria-hidden className="size-3" />
      {t('asOf.banner', { time: beijingTime(at) })}
    </Badge>
  );
}
