import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A labelled field with its validation message tied to the control for screen readers. */
export function FormField({
  id,
  label,
  problem,
  children,
  hint,
}: {
  id: string;
  label: string;
  problem?: string | null;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint}
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
