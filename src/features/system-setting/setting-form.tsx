import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { SettingFocus } from '@commands/system-setting.commands';
import type { SystemSettingChanges, SystemSettings } from '@contract/system-setting.contract';
import { useSchemaForm } from '@/components/form/use-contract-form';
import { Button } from '@/components/ui/button';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { toast } from '@/lib/toast';
import { SettingsConfirmDialog } from './setting-confirm-dialog';
import { AccessSection, AppearanceSection, MaintenanceSection, MonitoringSection, RetentionSection } from './setting-sections';
import { changedFields, changesOf, settingValuesSchema, valuesOf, type SettingValues } from './setting-values';

const viewState = urlStateCodec(
  { focus: z.enum(['maintenance', 'access', 'monitoring', 'appearance', 'retention', 'end-maintenance']) },
  { focus: '' as never },
);

/** The settings in their groups; saving lists the changes and asks for the safe code first. */
export function SettingsForm({ settings }: { settings: SystemSettings }) {
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
      <MaintenanceSection
        form={form}
        settings={settings}
        sectionRef={section('maintenance')}
        onEndNow={() => setPending({ maintenance: null })}
      />
      <AccessSection form={form} settings={settings} sectionRef={section('access')} />
      <MonitoringSection form={form} sectionRef={section('monitoring')} />
      <AppearanceSection form={form} settings={settings} sectionRef={section('appearance')} />
      <RetentionSection form={form} sectionRef={section('retention')} />
      <div className="sticky bottom-0 flex justify-end gap-2 border-t bg-background py-3">
        <Button type="button" variant="outline" onClick={() => form.reset(valuesOf(settings))}>
          {t('systemSetting.discard')}
        </Button>
        <Button type="submit" data-testid="settings-save">
          {t('systemSetting.save')}
        </Button>
      </div>
      {pending ? <SettingsConfirmDialog changes={pending} settingsForm={form} onClose={() => setPending(null)} /> : null}
    </form>
  );
}
