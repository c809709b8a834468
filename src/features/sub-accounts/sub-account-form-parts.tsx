import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

type SecretValues = FieldValues & { password: string; confirmPassword: string; subSafeCode: string };

/** The sub-account's password, its confirmation and its own safe code (adding, resetting). */
export function SecretFields<V extends SecretValues>({
  form,
  idPrefix,
  safeCodeLabel,
}: {
  form: UseFormReturn<V, unknown, V>;
  idPrefix: string;
  safeCodeLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        form={form}
        name={'password' as Path<V>}
        id={`${idPrefix}-password`}
        label={t('subAccount.field.password')}
        hint={t('password.rules')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name={'confirmPassword' as Path<V>}
        id={`${idPrefix}-confirmPassword`}
        label={t('subAccount.field.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name={'subSafeCode' as Path<V>}
        id={`${idPrefix}-subSafeCode`}
        label={safeCodeLabel}
        inputMode="numeric"
        maxLength={4}
        digits
      />
    </>
  );
}

export function OwnSafeCodeField<V extends FieldValues & { safeCode: string }>({
  form,
  idPrefix,
}: {
  form: UseFormReturn<V, unknown, V>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name={'safeCode' as Path<V>}
      id={`${idPrefix}-safeCode`}
      label={t('subAccount.field.safeCode')}
      hint={t('subAccount.field.safeCodeHint')}
      type="password"
      autoComplete="off"
      inputMode="numeric"
      maxLength={4}
      digits
    />
  );
}

export function FormDialog({
  title,
  description,
  testId,
  onClose,
  onSubmit,
  pending,
  submitLabel,
  destructive,
  children,
}: {
  title: string;
  description?: string;
  testId: string;
  onClose(): void;
  onSubmit(): void;
  pending: boolean;
  submitLabel: string;
  destructive?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={description ? undefined : 'sr-only'}>{description ?? title}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('subAccount.cancel')}
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending} data-testid={`${testId}-submit`}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
