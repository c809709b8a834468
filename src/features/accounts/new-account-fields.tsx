import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field';

interface NewAccountValues extends FieldValues {
  password: string;
  confirmPassword: string;
  safeCode?: string;
  pointLimit: string;
}

/**
 * What every new account is given, one or a batch: its password twice, point limit (at most the
 * parent's) and, for an agent, the safe code it signs in with (a member never signs in here).
 */
export function NewAccountFields<V extends NewAccountValues>({
  form,
  idPrefix,
  maxPointLimit,
  withSafeCode,
}: {
  form: UseFormReturn<V, unknown, V>;
  idPrefix: string;
  maxPointLimit: string;
  withSafeCode: boolean;
}) {
  const { t } = useTranslation();
  const name = (field: keyof NewAccountValues & string) => field as Path<V>;
  return (
    <>
      <TextField
        form={form}
        name={name('password')}
        id={`${idPrefix}-password`}
        label={t('add.password')}
        hint={t('password.rules')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name={name('confirmPassword')}
        id={`${idPrefix}-confirmPassword`}
        label={t('add.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      {withSafeCode ? (
        <TextField
          form={form}
          name={name('safeCode')}
          id={`${idPrefix}-safeCode`}
          label={t('add.safeCode')}
          inputMode="numeric"
          maxLength={4}
          digits
        />
      ) : null}
      <TextField
        form={form}
        name={name('pointLimit')}
        id={`${idPrefix}-pointLimit`}
        label={t('accounts.column.pointLimit')}
        hint={t('add.atMost', { max: maxPointLimit })}
        messageValues={{ max: maxPointLimit }}
        inputMode="decimal"
      />
    </>
  );
}
