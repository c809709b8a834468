import type { ReactNode } from 'react';
import { FieldContext } from '@/components/ui/field-context';
import { Label } from '@/components/ui/label';

/** A labelled field whose hint and validation message are tied to its control (the element with its id) for screen readers. */
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
  const describedBy = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <FieldContext.Provider value={{ controlId: id, describedBy, invalid: Boolean(problem) }}>{children}</FieldContext.Provider>
      {hint ? <div id={`${id}-hint`}>{hint}</div> : null}
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
