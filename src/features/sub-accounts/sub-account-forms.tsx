import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Level } from '@contract/method.contract';
import { formatAccessCodes, subAccountMethods, type SubAccount } from '@contract/sub-account.contract';
import { safeCodeRule } from '@contract/rules.contract';
import { confirmation, filled } from '@/components/form/form-schemas';
import { TextField } from '@/components/form/text-field';
import { useContractForm } from '@/components/form/use-contract-form';
import { toast } from '@/lib/toast';
import { PermissionMatrix } from './permission-matrix';
import { FormDialog, OwnSafeCodeField, SecretFields } from './sub-account-form-parts';
import { parseAccessCodes } from '@machines/session.machine';

const add = subAccountMethods['gw.credit.subaccount.add'].params.shape;
const update = subAccountMethods['gw.credit.subaccount.update'].params.shape;
const invalidates = ['gw.credit.subaccount.query', 'gw.credit.subaccount.get'] as const;

/** The owner's own safe code: every step-up call asks for it. */
const ownSafeCode = filled(safeCodeRule);
const codeList = z.array(z.number());

const addSchema = z
  .object({
    loginId: filled(add.loginId, 'login-id-required'),
    nickname: add.nickname,
    password: filled(add.password, 'password-required'),
    confirmPassword: z.string(),
    subSafeCode: add.subSafeCode.unwrap(),
    accessCode: codeList,
    safeCode: ownSafeCode,
  })
  .superRefine(...confirmation('password', 'confirmPassword'));

export function AddSubAccountDialog({ ownerLevel, onClose }: { ownerLevel: Level; onClose(): void }) {
  const { t } = useTranslation();
  const { form, submit, pending } = useContractForm({
    method: 'gw.credit.subaccount.add',
    schema: addSchema,
    defaultValues: { loginId: '', nickname: '', password: '', confirmPassword: '', subSafeCode: '', accessCode: [1], safeCode: '' },
    invalidates,
    toParams: (values) => ({
      loginId: values.loginId.trim(),
      nickname: values.nickname.trim(),
      password: values.password,
      subSafeCode: values.subSafeCode,
      accessCode: formatAccessCodes(values.accessCode),
      safeCode: values.safeCode,
    }),
    onSuccess: (_result, values) => {
      toast(t('subAccount.added', { loginId: values.loginId.trim() }), { variant: 'success' });
      onClose();
    },
  });
  const codes = form.watch('accessCode');
  return (
    <FormDialog
      title={t('subAccount.addTitle')}
      description={t('subAccount.explain')}
      testId="sub-account-add"
      onClose={onClose}
      onSubmit={() => void submit()}
      pending={pending}
      submitLabel={t('subAccount.add')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="loginId" id="sub-add-loginId" label={t('subAccount.field.loginId')} autoComplete="off" />
        <TextField form={form} name="nickname" id="sub-add-nickname" label={t('subAccount.field.nickname')} autoComplete="off" />
        <SecretFields form={form} idPrefix="sub-add" safeCodeLabel={t('subAccount.field.subSafeCode')} />
      </div>
      <PermissionMatrix
        idPrefix="sub-add"
        ownerLevel={ownerLevel}
        value={codes}
        onChange={(next) => form.setValue('accessCode', next, { shouldDirty: true })}
      />
      <OwnSafeCodeField form={form} idPrefix="sub-add" />
    </FormDialog>
  );
}

const editSchema = z.object({ nickname: update.nickname.unwrap(), safeCode: ownSafeCode });

export function EditSubAccountDialog({ subAccount, onClose }: { subAccount: SubAccount; onClose(): void }) {
  const { t } = useTranslation();
  const { form, submit, pending } = useContractForm({
    method: 'gw.credit.subaccount.update',
    schema: editSchema,
    defaultValues: { nickname: subAccount.nickname, safeCode: '' },
    invalidates,
    toParams: (values) => ({ subAccountId: subAccount.subAccountId, nickname: values.nickname.trim(), safeCode: values.safeCode }),
    onSuccess: () => {
      toast(t('subAccount.saved', { loginId: subAccount.loginId }), { variant: 'success' });
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('subAccount.editTitle', { loginId: subAccount.loginId })}
      testId="sub-account-edit"
      onClose={onClose}
      onSubmit={() => void submit()}
      pending={pending}
      submitLabel={t('subAccount.save')}
    >
      <TextField form={form} name="nickname" id="sub-edit-nickname" label={t('subAccount.field.nickname')} autoComplete="off" />
      <OwnSafeCodeField form={form} idPrefix="sub-edit" />
    </FormDialog>
  );
}

const passwordSchema = z
  .object({
    password: filled(update.password.unwrap(), 'password-required'),
    confirmPassword: z.string(),
    subSafeCode: z.union([z.literal(''), update.subSafeCode.unwrap()]),
    safeCode: ownSafeCode,
  })
  .superRefine(...confirmation('password', 'confirmPassword'));

export function ResetSubAccountPasswordDialog({ subAccount, onClose }: { subAccount: SubAccount; onClose(): void }) {
  const { t } = useTranslation();
  const { form, submit, pending } = useContractForm({
    method: 'gw.credit.subaccount.update',
    schema: passwordSchema,
    defaultValues: { password: '', confirmPassword: '', subSafeCode: '', safeCode: '' },
    invalidates,
    toParams: (values) => ({
      subAccountId: subAccount.subAccountId,
      password: values.password,
      ...(values.subSafeCode ? { subSafeCode: values.subSafeCode } : {}),
      safeCode: values.safeCode,
    }),
    onSuccess: () => {
      toast(t('subAccount.passwordReset', { loginId: subAccount.loginId }), { variant: 'success' });
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('subAccount.passwordTitle', { loginId: subAccount.loginId })}
      testId="sub-account-password"
      onClose={onClose}
      onSubmit={() => void submit()}
      pending={pending}
      submitLabel={t('subAccount.action.password')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SecretFields form={form} idPrefix="sub-password" safeCodeLabel={t('subAccount.field.newSubSafeCode')} />
      </div>
      <OwnSafeCodeField form={form} idPrefix="sub-password" />
    </FormDialog>
  );
}

const permissionsSchema = z.object({ accessCode: codeList, safeCode: ownSafeCode });

export function SubAccountPermissionsDialog({
  subAccount,
  ownerLevel,
  onClose,
}: {
  subAccount: SubAccount;
  ownerLevel: Level;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { form, submit, pending } = useContractForm({
    method: 'gw.credit.subaccount.access.code.update',
    schema: permissionsSchema,
    defaultValues: { accessCode: parseAccessCodes(subAccount.accessCode), safeCode: '' },
    invalidates,
    toParams: (values) => ({
      subAccountId: subAccount.subAccountId,
      accessCode: formatAccessCodes(values.accessCode),
      safeCode: values.safeCode,
    }),
    onSuccess: () => {
      toast(t('subAccount.permissionsSaved', { loginId: subAccount.loginId }), { variant: 'success' });
      onClose();
    },
  });
  const codes = form.watch('accessCode');
  return (
    <FormDialog
      title={t('subAccount.permissionsTitle', { loginId: subAccount.loginId })}
      testId="sub-account-permissions"
      onClose={onClose}
      onSubmit={() => void submit()}
      pending={pending}
      submitLabel={t('subAccount.save')}
    >
      <PermissionMatrix
        idPrefix="sub-permissions"
        ownerLevel={ownerLevel}
        value={codes}
        onChange={(next) => form.setValue('accessCode', next, { shouldDirty: true })}
      />
      <OwnSafeCodeField form={form} idPrefix="sub-permissions" />
    </FormDialog>
  );
}

const deleteSchema = z.object({ safeCode: ownSafeCode });

/** Deleting asks for confirmation and the owner's safe code in one dialog. */
export function DeleteSubAccountDialog({ subAccount, onClose }: { subAccount: SubAccount; onClose(): void }) {
  const { t } = useTranslation();
  const { form, submit, pending } = useContractForm({
    method: 'gw.credit.subaccount.delete',
    schema: deleteSchema,
    defaultValues: { safeCode: '' },
    invalidates,
    toParams: (values) => ({ subAccountId: subAccount.subAccountId, safeCode: values.safeCode }),
    onSuccess: () => {
      toast(t('subAccount.deleted', { loginId: subAccount.loginId }), { variant: 'success' });
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('subAccount.deleteTitle', { loginId: subAccount.loginId })}
      description={t('subAccount.deleteExplain')}
      testId="sub-account-delete"
      onClose={onClose}
      onSubmit={() => void submit()}
      pending={pending}
      submitLabel={t('subAccount.action.delete')}
      destructive
    >
      <OwnSafeCodeField form={form} idPrefix="sub-delete" />
    </FormDialog>
  );
}
