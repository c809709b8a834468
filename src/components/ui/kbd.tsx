import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

/** A keyboard key hint, e.g. <Kbd>Ctrl</Kbd>. */
function Kbd({ className, ...props }: ComponentProps<'kbd'>) {
  return (
    <kbd
      data-slot="kbd"
      className={cn(
        'pointer-events-none inline-flex h-5 w-fit min-w-5 items-center justify-center gap-1 rounded-sm border bg-muted px-1',
        'font-sans text-xs font-medium text-muted-foreground select-none',
        "[&_svg:not([class*='size-'])]:size-3",
        className,
      )}
      {...props}
    />
  );
}

/** Groups keys of one shortcut, e.g. <KbdGroup><Kbd>Ctrl</Kbd><Kbd>K</Kbd></KbdGroup>. */
function KbdGroup({ className, ...props }: ComponentProps<'kbd'>) {
  return <kbd data-slot="kbd-group" className={cn('inline-flex items-center gap-1', className)} {...props} />;
}

export { Kbd, KbdGroup };
