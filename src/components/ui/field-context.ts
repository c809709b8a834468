import { createContext, useContext } from 'react';

/** What a form field tells its control: the ids of its message and hint, and whether it is wrong. */
export const FieldContext = createContext<{ controlId: string; describedBy: string | undefined; invalid: boolean } | null>(null);

/**
 * The aria attributes a control gets from the form field around it, when it is that field's
 * control (same id): screen readers then read the field's message with it. Its own win.
 */
export function useFieldAria(id: string | undefined): { 'aria-describedby'?: string; 'aria-invalid'?: true } {
  const field = useContext(FieldContext);
  if (!field || id === undefined || field.controlId !== id) return {};
  return {
    ...(field.describedBy ? { 'aria-describedby': field.describedBy } : {}),
    ...(field.invalid ? { 'aria-invalid': true as const } : {}),
  };
}
