import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

/** Loading placeholder. Mark the loading region with aria-busy; the skeleton itself is decorative. */
function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-accent motion-reduce:animate-none', className)}
      {...props}
    />
  );
}

export { Skeleton };
