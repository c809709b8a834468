import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { useFieldProblem } from './text-field';

/** A labelled choice among a few values of a kit form: its problem shows under it and is tied to it through FormField. */
export function SelectField<V extends FieldValues>({
  form,
  name,
  id,
  label,
  options,
}: {
  form: UseFormReturn<V, unknown, V>;
  name: Path<V>;
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const problem = useFieldProblem(form, name);
  return (
    <FormField id={id} label={label} problem={problem}>
      <NativeSelect id={id} {...form.register(name)} data-testid={id}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
