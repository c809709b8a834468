import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { MethodName, ParamsIn, ResultOf } from '@contract/methods.contract';
import { requestKeyFor, type SentKey } from '@machines/request-key';
import { errorCode, reportError, useCallMutation } from '@/api/queries';
import { codeMessage } from './form-messages';

/**
 * A form validated by a zod schema: the contract's params schema of the method it calls, or a
 * screen schema made from it (parent limits, a confirmation). The values stay as typed (`raw`):
 * the contract turns "10.50" into cents, which the gateway does again on its side.
 */
export function useSchemaForm<V extends FieldValues>(schema: z.ZodType<unknown, V>, defaultValues: DefaultValues<V>) {
  return useForm<V, unknown, V>({
    resolver: zodResolver(schema as never, undefined, { raw: true }) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** The field and rule a refusal names (100 with data), or its catalogue code for a field. */
function refusalOf(error: unknown): { field: string; message: string } | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data?: { field?: unknown; rule?: unknown } }).data;
  if (typeof data?.field !== 'string' || data.field === '') return null;
  return { field: data.field, message: typeof data.rule === 'string' && data.rule ? data.rule : codeMessage(errorCode(error)) };
}

/**
 * Puts a refusal on the field it names (shown and announced there); any other failure goes to
 * the one error toast. True when it landed on a field.
 */
export function showRefusal<V extends FieldValues>(form: UseFormReturn<V, unknown, V>, error: unknown, fields: readonly string[]): boolean {
  const refusal = refusalOf(error);
  if (refusal && fields.includes(refusal.field.split('.')[0]!)) {
    form.setError(refusal.field as Path<V>, { type: 'server', message: refusal.message }, { shouldFocus: true });
    return true;
  }
  reportError(error);
  return false;
}

export interface ContractFormOptions<M extends MethodName, V extends FieldValues> {
  method: M;
  schema: z.ZodType<unknown, V>;
  defaultValues: DefaultValues<V>;
  /** The params sent for valid values (trimmed, only what changed, ...). */
  toParams(values: V): ParamsIn<M>;
  /** Reads the write makes stale (every account read unless told). */
  invalidates?: readonly MethodName[];
  /** Fields a refusal may name besides the form's own (e.g. "gameSettings" for a table outside it). */
  serverFields?: readonly string[];
  /** False to stop before sending (a part of the form outside the schema is wrong). */
  beforeSubmit?(values: V): boolean;
  onSuccess?(result: ResultOf<M>, values: V): void;
}

/** A form that calls one gateway write: schema validation, a request key per set of values, refusals on their fields. */
export function useContractForm<M extends MethodName, V extends FieldValues>(options: ContractFormOptions<M, V>) {
  const form = useSchemaForm<V>(options.schema, options.defaultValues);
  const mutation = useCallMutation(options.method, { silent: true, invalidates: options.invalidates });
  const sent = useRef<SentKey | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const fields = [...Object.keys(options.defaultValues ?? {}), ...(options.serverFields ?? [])];
  const fieldList = useRef(fields);
  fieldList.current = fields;
  const { mutateAsync } = mutation;

  const send = useCallback(
    async (values: V) => {
      const { toParams, beforeSubmit, onSuccess } = latest.current;
      if (beforeSubmit && !beforeSubmit(values)) return;
      const params = toParams(values);
      sent.current = requestKeyFor(sent.current, params);
      try {
        const result = await mutateAsync({ ...params, requestKey: sent.current.key } as ParamsIn<M> & { requestKey: string });
        // Done: the same values sent again later are a new request.
        sent.current = null;
        onSuccess?.(result, values);
      } catch (error) {
        showRefusal(form, error, fieldList.current);
      }
    },
    [form, mutateAsync],
  );

  return {
    form,
    submit: form.handleSubmit(send),
    pending: mutation.isPending,
    /** The key the last attempt was sent with (null once it succeeded). */
    requestKey: () => sent.current?.key ?? null,
  };
}
