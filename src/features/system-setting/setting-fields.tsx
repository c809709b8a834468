import { useState } from 'react';
import { Controller, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES } from '@contract/system-setting.contract';
import { FormField } from '@/components/form-field';
import { useFieldProblem } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { SettingValues } from './setting-values';

export type SettingsFormApi = UseFormReturn<SettingValues, unknown, SettingValues>;

export function TimeField({ form, name, label }: { form: SettingsFormApi; name: Path<SettingValues>; label: string }) {
  const { t } = useTranslation();
  const id = `setting-${name.replace('.', '-')}`;
  const problem = useFieldProblem(form, name);
  return (
    <FormField id={id} label={`${label} (${t('notices.beijingTime')})`} problem={problem}>
      <Input id={id} type="datetime-local" step={1} {...form.register(name)} data-testid={id} />
    </FormField>
  );
}

export function SwitchField({ form, name, label }: { form: SettingsFormApi; name: Path<SettingValues>; label: string }) {
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

export function LogoField({ form, current }: { form: SettingsFormApi; current: string }) {
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
