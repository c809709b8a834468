import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { systemSettingReads } from '@commands/system-setting.commands';
import { safeCodeRule } from '@contract/rules.contract';
import type { RetentionKind, SystemSettingChanges } from '@contract/system-setting.contract';
import { requestKeyFor, type SentKey } from '@machines/request-key';
import { errorCode, useCallMutation } from '@/api/queries';
import { filled } from '@/components/form/form-schemas';
import { TextField } from '@/components/form/text-field';
import { showRefusal, useSchemaForm } from '@/components/form/use-contract-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SessionContext } from '@/lib/session-context';
import { beijingInputValue } from '@/lib/time';
import { toast } from '@/lib/toast';
import type { SettingsFormApi } from './setting-fields';
import { changedFields, settingValuesSchema } from './setting-values';

const formFields = Object.keys(settingValuesSchema.shape);
const SAFE_CODE_WRONG = 2241;

const confirmSchema = z.object({ safeCode: filled(safeCodeRule) });
type ConfirmValues = z.input<typeof confirmSchema>;

/** The changes about to be sent, confirmed by the caller's safe code; a refusal goes back to the field it names. */
export function SettingsConfirmDialog({
  changes,
  settingsForm,
  onClose,
}: {
  changes: SystemSettingChanges;
  settingsForm: SettingsFormApi;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm<ConfirmValues>(confirmSchema, { safeCode: '' });
  const mutation = useCallMutation('gw.credit.sys.setting', { silent: true, invalidates: systemSettingReads });
  const session = SessionContext.useActorRef();
  const sent = useRef<SentKey | null>(null);
  const fields = changedFields(changes);
  const submit = form.handleSubmit(async ({ safeCode }) => {
    sent.current = requestKeyFor(sent.current, changes);
    try {
      const saved = await mutation.mutateAsync({ ...changes, safeCode, requestKey: sent.current.key });
      session.send({ type: 'SITE.CHANGED', site: { title: saved.title, logo: saved.logo, idleTimeout: saved.idleTimeoutSeconds } });
      toast(t('systemSetting.saved', { count: fields.length }), { variant: 'success' });
      onClose();
    } catch (error) {
      if (errorCode(error) === SAFE_CODE_WRONG) {
        form.setError('safeCode', { type: 'server', message: 'safe-code-wrong' }, { shouldFocus: true });
        return;
      }
      onClose();
      showRefusal(settingsForm, error, formFields);
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="settings-confirm">
        <DialogHeader>
          <DialogTitle>{t('systemSetting.confirm.title')}</DialogTitle>
          <DialogDescription>{t('systemSetting.confirm.explain')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            // The dialog is rendered inside the settings form: its submit must not reach that form too.
            event.stopPropagation();
            void submit(event);
          }}
        >
          <ul className="list-inside list-disc text-sm" data-testid="settings-confirm-changes">
            {fields.map((field) => (
              <li key={field}>{changeLine(t, field, changes)}</li>
            ))}
          </ul>
          <TextField
            form={form}
            name="safeCode"
            id="settings-safeCode"
            label={t('systemSetting.confirm.safeCode')}
            type="password"
            autoComplete="off"
            inputMode="numeric"
            maxLength={4}
            digits
            autoFocus
            messages={{ 'safe-code-wrong': t('systemSetting.confirm.safeCodeWrong') }}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('subAccount.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending} data-testid="settings-confirm-submit">
              {t('systemSetting.confirm.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function changeLine(t: (key: string, values?: Record<string, unknown>) => string, field: string, changes: SystemSettingChanges): ReactNode {
  const name = t(`systemSetting.field.${field}`);
  if (field === 'maintenance') {
    const window = changes.maintenance;
    return window
      ? `${name}: ${beijingInputValue(window.startTime).replace('T', ' ')} – ${beijingInputValue(window.endTime).replace('T', ' ')}`
      : t('systemSetting.confirm.endMaintenance');
  }
  if (field === 'logoImage') return changes.logoImage ? t('systemSetting.confirm.newLogo') : t('systemSetting.confirm.noLogo');
  const value = field.startsWith('monitor.')
    ? changes.monitorThresholds?.[field.slice('monitor.'.length) as 'bet' | 'win' | 'score']
    : field.startsWith('retention.')
      ? changes.retentionDays?.[field.slice('retention.'.length) as RetentionKind]
      : (changes as Record<string, unknown>)[field];
  if (typeof value === 'boolean') return `${name}: ${t(value ? 'systemSetting.on' : 'systemSetting.off')}`;
  if (field === 'minScoreIntervalMs') return `${name}: ${Number(value) / 1000}`;
  if (field === 'idleTimeoutSeconds') return `${name}: ${Number(value) / 60}`;
  if (Array.isArray(value)) return `${name}: ${value.join(', ') || '—'}`;
  return `${name}: ${String(value ?? '') || '—'}`;
}
