import type { ComponentProps } from 'react';

import { useFieldAria } from '@/components/ui/field-context';
import { cn } from '@/lib/utils';

/** A native select in the kit's look: every keyboard and screen reader knows it; in a FormField it takes the field's aria. */
function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      {...useFieldAria(props.id)}
      data-slot="native-select"
      className={cn(
        'h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground outline-hidden',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/30',
        className,
      )}
      {...props}
    />
  );
}

export { NativeSelect };
