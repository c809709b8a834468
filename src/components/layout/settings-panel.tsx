import { useTranslation } from 'react-i18next';
import { languages, themes } from '@commands/preferences.commands';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Switch } from '@/components/ui/switch';
import { updatePreferences, usePreferences, type Preferences, type Size } from '@/lib/preferences';

const sizes: Size[] = ['small', 'medium', 'large'];

function Toggle({ id, label, field }: { id: string; label: string; field: 'tagsView' | 'fixedHeader' | 'sidebarLogo' }) {
  const value = usePreferences()[field];
  return (
    <div className="flex items-center justify-between gap-4">
      <Label htmlFor={id}>{label}</Label>
      <Switch id={id} checked={value} onCheckedChange={(checked) => updatePreferences({ [field]: checked } as Partial<Preferences>)} />
    </div>
  );
}

function SelectSetting<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: { id: T; title: string }[];
  onChange(value: T): void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger id={id} aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.id} value={option.id}>
              {option.title}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The layout settings (docs/product.md#layout), as switches the user can change (remembered in this browser). */
export function SettingsPanel({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const { theme, size, language } = usePreferences();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" closeLabel={t('palette.close')} data-testid="settings-panel">
        <SheetHeader>
          <SheetTitle>{t('settings.title')}</SheetTitle>
          <SheetDescription>{t('settings.description')}</SheetDescription>
        </SheetHeader>
        <div className="grid gap-5 p-4">
          <SelectSetting
            id="settings-theme"
            label={t('settings.theme')}
            value={theme}
            options={themes.map((item) => ({ id: item.id, title: t(item.titleKey) }))}
            onChange={(next) => updatePreferences({ theme: next })}
          />
          <SelectSetting
            id="settings-size"
            label={t('settings.size')}
            value={size}
            options={sizes.map((item) => ({ id: item, title: t(`settings.sizes.${item}`) }))}
            onChange={(next) => updatePreferences({ size: next })}
          />
          <SelectSetting
            id="settings-language"
            label={t('settings.language')}
            value={language}
            options={languages.map((item) => ({ id: item.id, title: item.name }))}
            onChange={(next) => updatePreferences({ language: next })}
          />
          <Toggle id="settings-tags-view" label={t('settings.tagsView')} field="tagsView" />
          <Toggle id="settings-fixed-header" label={t('settings.fixedHeader')} field="fixedHeader" />
          <Toggle id="settings-sidebar-logo" label={t('settings.sidebarLogo')} field="sidebarLogo" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
