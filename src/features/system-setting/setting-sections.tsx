import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS, retentionKinds, TRANSFER_ALERT_MINUTES, type SystemSettings } from '@contract/system-setting.contract';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useNow } from '@/hooks/use-now';
import { beijingInputValue } from '@/lib/time';
import { LogoField, SwitchField, TimeField, type SettingsFormApi } from './setting-fields';

interface SectionProps {
  form: SettingsFormApi;
  settings: SystemSettings;
  /** Where the palette's "go to" scrolls and focuses. */
  sectionRef(element: HTMLElement | null): void;
}

const subAccountLimits = [
  { value: '5', label: '5' },
  { value: '15', label: '15' },
];

export function MaintenanceSection({ form, settings, sectionRef, onEndNow }: SectionProps & { onEndNow(): void }) {
  const { t } = useTranslation();
  return (
    <Card ref={sectionRef} data-testid="setting-maintenance">
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
            onClick={onEndNow}
            data-testid="maintenance-end-now"
          >
            {t('systemSetting.maintenance.endNow')}
          </Button>
        </div>
      </CardContent>
    </Card>
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

export function AccessSection({ form, settings, sectionRef }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Card ref={sectionRef} data-testid="setting-access">
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
          hint={<span className="text-xs text-muted-foreground">{t('systemSetting.access.whitelistHint', { ip: settings.callerIp })}</span>}
          multiline
          rows={4}
          spellCheck={false}
        />
        <SwitchField form={form} name="captchaRequired" label={t('systemSetting.field.captchaRequired')} />
        {settings.captchaOff ? (
          <p className="text-xs text-amber-600" role="note" data-testid="captcha-off">
            {t('systemSetting.access.captchaOff')}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">{t('systemSetting.access.twoFactor')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
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
          <TextField
            form={form}
            name="memberLimit"
            id="setting-memberLimit"
            label={t('systemSetting.field.memberLimit')}
            inputMode="numeric"
            digits
          />
        </div>
        <SwitchField form={form} name="financeVisible" label={t('systemSetting.field.financeVisible')} />
      </CardContent>
    </Card>
  );
}

export function MonitoringSection({ form, sectionRef }: Omit<SectionProps, 'settings'>) {
  const { t } = useTranslation();
  return (
    <Card ref={sectionRef} data-testid="setting-monitoring">
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
        <TextField
          form={form}
          name="transferAlertMinutes"
          id="setting-transferAlertMinutes"
          label={t('systemSetting.field.transferAlertMinutes')}
          hint={
            <span className="text-xs text-muted-foreground">
              {t('systemSetting.monitoring.transferAlertHint', { min: TRANSFER_ALERT_MINUTES.min, max: TRANSFER_ALERT_MINUTES.max })}
            </span>
          }
          inputMode="numeric"
          digits
        />
      </CardContent>
    </Card>
  );
}

export function AppearanceSection({ form, settings, sectionRef }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Card ref={sectionRef} data-testid="setting-appearance">
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
  );
}

export function RetentionSection({ form, sectionRef }: Omit<SectionProps, 'settings'>) {
  const { t } = useTranslation();
  return (
    <Card ref={sectionRef} data-testid="setting-retention">
      <CardHeader>
        <CardTitle>{t('systemSetting.retention.title')}</CardTitle>
        <CardDescription>{t('systemSetting.retention.explain')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        {retentionKinds.map((kind) => (
          <TextField
            key={kind}
            form={form}
            name={`retentionDays.${kind}`}
            id={`setting-retention-${kind}`}
            label={t(`systemSetting.field.retention.${kind}`)}
            hint={
              <span className="text-xs text-muted-foreground">
                {t('systemSetting.retention.range', { min: RETENTION_DAYS[kind].min, max: RETENTION_DAYS[kind].max })}
              </span>
            }
            inputMode="numeric"
            digits
          />
        ))}
      </CardContent>
    </Card>
  );
}
