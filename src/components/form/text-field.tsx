import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useFormState, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { digitsOnly } from '@/lib/form-rules';
import { problemText } from './form-messages';

/** The text of a field's current problem (a rule of the schema or a refusal), in the interface language. */
export function useFieldProblem<V extends FieldValues>(
  form: UseFormReturn<V, unknown, V>,
  name: string,
  values?: Record<string, unknown>,
  overrides?: Record<string, string>,
): string | null {
  const { t } = useTranslation();
  const { errors } = useFormState({ control: form.control, name: name as Path<V> });
  const error = get(errors, name) as { message?: string } | undefined;
  return problemText(t, error?.message, values, overrides);
}

type InputProps = Omit<ComponentProps<'input'>, 'form' | 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>;

/**
 * A labelled text input of a kit form: its problem shows under it and is tied to it
 * (aria-invalid, aria-describedby) through FormField.
 */
export function TextField<V extends FieldValues>({
  form,
  name,
  id,
  label,
  hint,
  messageValues,
  messages,
  digits,
  multiline,
  rows,
  before,
  ...inputProps
}: InputProps & {
  form: UseFormReturn<V, unknown, V>;
  name: Path<V>;
  id: string;
  label: string;
  hint?: ReactNode;
  /** Values for the message ({{max}}: the parent's limit). */
  messageValues?: Record<string, unknown>;
  /** This field's own wording of a rule. */
  messages?: Record<string, string>;
  /** Key filter (docs/product.md#validation-rules): digits only. */
  digits?: boolean;
  multiline?: boolean;
  rows?: number;
  /** A control shown before the input (an area code). */
  before?: ReactNode;
}) {
  const problem = useFieldProblem(form, name, messageValues, messages);
  const registered = form.register(name);
  const control = multiline ? (
    <Textarea id={id} rows={rows} {...(inputProps as ComponentProps<'textarea'>)} {...registered} />
  ) : (
    <Input
      id={id}
      {...inputProps}
      {...registered}
      onChange={(event) => {
        if (digits) event.target.value = digitsOnly(event.target.value);
        return registered.onChange(event);
      }}
    />
  );
  return (
    <FormField
      id={id}
      label={label}
      problem={problem}
      hint={typeof hint === 'string' ? <p className="text-xs text-muted-foreground">{hint}</p> : hint}
    >
      {before ? (
        <div className="flex gap-2">
          {before}
          {control}
        </div>
      ) : (
        control
      )}
    </FormField>
  );
}
