import { cn } from '@/lib/utils';

/** shadcn's progress bar: `value` of 100, red when the work failed. */
export function Progress({ value, label, failed = false, className }: { value: number; label: string; failed?: boolean; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className={cn('h-full transition-[width]', failed ? 'bg-destructive' : 'bg-primary')} style={{ width: `${value}%` }} />
    </div>
  );
}
