import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { systemSettingReads, type SettingFocus } from '../../../commands/system-setting.commands';
import { safeCodeRule } from '../../../contract/rules.contract';
import { LOGO_MAX_BYTES, type SystemSettingChanges, type SystemSettings } from '../../../contract/system-setting.contract';
import { errorCode, useCall, useCallMutation } from '@/api/queries';
import { FormField } from '@/components/form-field';
import { filled } from '@/components/form/form-schemas';
import { TextField, useFieldProblem } from '@/components/form/text-field';
import { SelectField } from '@/components/form/select-field';
import { requestKeyFor, showRefusal, useSchemaForm, type SentKey } from '@/components/form/use-contract-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useNow } from '@/hooks/use-now';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { SessionContext } from '@/lib/session-context';
import { beijingInputValue } from '@/lib/time';
import { toast } from '@/lib/toast';
import { changedFields, changesOf, settingValuesSchema, valuesOf, type SettingValues } from './setting-values';

const viewState = urlStateCodec(
  { focus: z.enum(['maintenance', 'access', 'monitoring', 'appearance', 'end-maintenance']) },
  { focus: '' as never },
);
type Form = UseFormReturn<SettingValues, unknown, SettingValues>;
const formFields = Object.keys(settingValuesSchema.shape);
const SAFE_CODE_WRONG = 2241;
const subAccountLimits = [
  { value: '5', label: '5' },
  { value: '15', label: '15' },
];

/** /systemSetting/index: the site's settings (company main accounts), each change confirmed by the safe code. */
export default function SystemSettingScreen() {
  const { t } = useTranslation();
  const settings = useCall('gw.credit.sys.setting.get', {});
  return (
    <section className="grid max-w-4xl gap-4" data-testid="system-setting-screen">
      <h1 className="text-xl font-semibold">{t('route.systemSetting')}</h1>
      <p className="text-sm text-muted-foreground">{t('systemSetting.explain')}</p>
      {settings.data ? (
        <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          {t('systemSetting.loading')}
        </p>
      )}
    </section>
  );
}

function SettingsForm({ settings }: { settings: SystemSettings }) {
  const { t } = useTranslation();
  const [view, setView] = useUrlState(viewState);
  const form = useSchemaForm<SettingValues>(settingValuesSchema, valuesOf(settings));
  const [pending, setPending] = useState<SystemSettingChanges | null>(null);
  const sections = useRef<Partial<Record<SettingFocus, HTMLElement | null>>>({});

  useEffect(() => {
    if (!view.focus) return;
    if (view.focus === 'end-maintenance') {
      if (settings.maintenance) setPending({ maintenance: null });
      else toast(t('systemSetting.noWindow'));
      setView({ focus: '' as never }, 'replace');
      return;
    }
    const section = sections.current[view.focus];
    section?.scrollIntoView({ block: 'start' });
    section?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [view.focus, settings.maintenance, setView, t]);

  const save = form.handleSubmit((values) => {
    const changes = changesOf(settings, values);
    if (changedFields(changes).length === 0) toast(t('systemSetting.nothingChanged'));
    else setPending(changes);
  });
  const section = (focus: SettingFocus) => (element: HTMLElement | null) => {
    sections.current[focus] = element;
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void save(event)}>
      <Card ref={section('maintenance')} data-testid="setting-maintenance">
        <CardHeader>
          <CardTitle>{t('systemSetting.maintenance.title')}</CardTitle>
          <CardDescription>{t('systemSetting.maintenance.explain')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <MaintenanceState settings={settings} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TimeField form={form} name="maintenance.startTime" label={t('systemSetting.maintenance.start')} />
            <TimeField form={form} name="maintenance.endTime" label={t('systemSetting.maintenance.end')} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                const start = Date.now() + 60_000;
                form.setValue('maintenance.startTime', beijingInputValue(start), { shouldDirty: true });
                form.setValue('maintenance.endTime', beijingInputValue(start + 3_600_000), { shouldDirty: true });
              }}
              data-testid="maintenance-next-hour"
            >
              {t('systemSetting.maintenance.nextHour')}
            </Button>
            <Button
              type="button"
              variant="destructive"
              size="sm"
              disabled={!settings.maintenance}
              onClick={() => setPending({ maintenance: null })}
              data-testid="maintenance-end-now"
            >
              {t('systemSetting.maintenance.endNow')}
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card ref={section('access')} data-testid="setting-access">
        <CardHeader>
          <CardTitle>{t('systemSetting.access.title')}</CardTitle>
          <CardDescription>{t('systemSetting.access.explain', { ip: settings.callerIp })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SwitchField form={form} name="ipWhitelistOn" label={t('systemSetting.field.ipWhitelistOn')} />
          <TextField
            form={form}
            name="ipWhitelist"
            id="setting-ipWhitelist"
            label={t('systemSetting.field.ipWhitelist')}
            hint={
              <span className="text-xs text-muted-foreground">{t('systemSetting.access.whitelistHint', { ip: settings.callerIp })}</span>
            }
            multiline
            rows={4}
            spellCheck={false}
          />
          <SwitchField form={form} name="captchaRequired" label={t('systemSetting.field.captchaRequired')} />
          <p className="text-xs text-muted-foreground">{t('systemSetting.access.twoFactor')}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              form={form}
              name="idleTimeoutMinutes"
              id="setting-idleTimeoutMinutes"
              label={t('systemSetting.field.idleTimeoutMinutes')}
              inputMode="numeric"
              digits
            />
            <TextField
              form={form}
              name="minScoreIntervalSeconds"
              id="setting-minScoreIntervalSeconds"
              label={t('systemSetting.field.minScoreIntervalSeconds')}
              inputMode="numeric"
              digits
            />
            <SelectField
              form={form}
              name="subAccountLimit"
              id="setting-subAccountLimit"
              label={t('systemSetting.field.subAccountLimit')}
              options={subAccountLimits}
            />
          </div>
          <SwitchField form={form} name="financeVisible" label={t('systemSetting.field.financeVisible')} />
        </CardContent>
      </Card>

      <Card ref={section('monitoring')} data-testid="setting-monitoring">
        <CardHeader>
          <CardTitle>{t('systemSetting.monitoring.title')}</CardTitle>
          <CardDescription>{t('systemSetting.monitoring.explain')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SwitchField form={form} name="warningSwitch" label={t('systemSetting.field.warningSwitch')} />
          <div className="grid gap-4 sm:grid-cols-3">
            {(['bet', 'win', 'score'] as const).map((kind) => (
              <TextField
                key={kind}
                form={form}
                name={`monitorThresholds.${kind}`}
                id={`setting-monitor-${kind}`}
                label={t(`systemSetting.field.monitor.${kind}`)}
                inputMode="decimal"
              />
            ))}
          </div>
        </CardContent>
      </Card>

      <Card ref={section('appearance')} data-testid="setting-appearance">
        <CardHeader>
          <CardTitle>{t('systemSetting.appearance.title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="title" id="setting-title" label={t('systemSetting.field.title')} autoComplete="off" />
          <SelectField
            form={form}
            name="ui"
            id="setting-ui"
            label={t('systemSetting.field.ui')}
            options={(['black', 'red'] as const).map((theme) => ({ value: theme, label: t(`theme.${theme}`) }))}
          />
          <LogoField form={form} current={settings.logo} />
        </CardContent>
      </Card>

      <div className="sticky bottom-0 flex justify-end gap-2 border-t bg-background py-3">
        <Button type="button" variant="outline" onClick={() => form.reset(valuesOf(settings))}>
          {t('systemSetting.discard')}
        </Button>
        <Button type="submit" data-testid="settings-save">
          {t('systemSetting.save')}
        </Button>
      </div>
      {pending ? <ConfirmDialog changes={pending} settingsForm={form} onClose={() => setPending(null)} /> : null}
    </form>
  );
}

function MaintenanceState({ settings }: { settings: SystemSettings }) {
  const { t } = useTranslation();
  const now = useNow().getTime();
  const window = settings.maintenance;
  const state = !window ? 'none' : now < Date.parse(window.startTime) ? 'scheduled' : now < Date.parse(window.endTime) ? 'on' : 'over';
  return (
    <p className="text-sm" role="status" data-testid="maintenance-state" data-state={state}>
      {t(`systemSetting.maintenance.state.${state}`)}
    </p>
  );
}

function TimeField({ form, name, label }: { form: Form; name: Path<SettingValues>; label: string }) {
  const { t } = useTranslation();
  const id = `setting-${name.replace('.', '-')}`;
  const problem = useFieldProblem(form, name);
  return (
    <FormField id={id} label={`${label} (${t('notices.beijingTime')})`} problem={problem}>
      <Input id={id} type="datetime-local" step={1} {...form.register(name)} data-testid={id} />
    </FormField>
  );
}

function SwitchField({ form, name, label }: { form: Form; name: Path<SettingValues>; label: string }) {
  const id = `setting-${name}`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={id}>{label}</Label>
          <Switch id={id} checked={field.value === true} onCheckedChange={field.onChange} data-testid={id} />
        </div>
      )}
    />
  );
}

function LogoField({ form, current }: { form: Form; current: string }) {
  const { t } = useTranslation();
  const chosen = form.watch('logoImage');
  const shown = chosen === null ? current : chosen;
  const [problem, setProblem] = useState<string | null>(null);
  const refused = useFieldProblem(form, 'logoImage');
  const pick = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') return setProblem(t('systemSetting.logo.type'));
    if (file.size > LOGO_MAX_BYTES) return setProblem(t('systemSetting.logo.tooLarge', { kb: LOGO_MAX_BYTES / 1024 }));
    const reader = new FileReader();
    reader.onload = () => form.setValue('logoImage', String(reader.result), { shouldDirty: true });
    reader.readAsDataURL(file);
  };
  return (
    <FormField id="setting-logo" label={t('systemSetting.field.logo')} problem={problem ?? refused}>
      <div className="flex items-center gap-3">
        {shown ? (
          <img
            src={shown}
            alt={t('systemSetting.logo.preview')}
            className="size-10 rounded border object-contain"
            data-testid="logo-preview"
          />
        ) : (
          <span className="text-sm text-muted-foreground">{t('systemSetting.logo.none')}</span>
        )}
        <Input
          id="setting-logo"
          type="file"
          accept="image/png,image/jpeg"
          className="max-w-60"
          onChange={(event) => pick(event.target.files?.[0])}
          data-testid="logo-file"
        />
        {shown ? (
          <Button type="button" variant="outline" size="sm" onClick={() => form.setValue('logoImage', '', { shouldDirty: true })}>
            {t('systemSetting.logo.remove')}
          </Button>
        ) : null}
      </div>
    </FormField>
  );
}

const confirmSchema = z.object({ safeCode: filled(safeCodeRule) });
type ConfirmValues = z.input<typeof confirmSchema>;

/** The changes about to be sent, confirmed by the caller's safe code; a refusal goes back to the field it names. */
function ConfirmDialog({ changes, settingsForm, onClose }: { changes: SystemSettingChanges; settingsForm: Form; onClose(): void }) {
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
    : (changes as Record<string, unknown>)[field];
  if (typeof value === 'boolean') return `${name}: ${t(value ? 'systemSetting.on' : 'systemSetting.off')}`;
  if (field === 'minScoreIntervalMs') return `${name}: ${Number(value) / 1000}`;
  if (field === 'idleTimeoutSeconds') return `${name}: ${Number(value) / 60}`;
  if (Array.isArray(value)) return `${name}: ${value.join(', ') || '—'}`;
  return `${name}: ${String(value ?? '') || '—'}`;
}
