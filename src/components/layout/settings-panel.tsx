import { useTranslation } from 'react-i18next';
import { languages, themes } from '../../../commands/preferences.commands';
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

/** The settings object of spec §2, as switches the user can change (remembered in this browser). */
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
          <div className="grid gap-2">
            <Label htmlFor="settings-theme">{t('settings.theme')}</Label>
            <Select value={theme} onValueChange={(value) => updatePreferences({ theme: value as Preferences['theme'] })}>
              <SelectTrigger id="settings-theme" aria-label={t('settings.theme')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {themes.map((item) => (
                  <SelectItem key={item.id} value={item.id}>
                    {t(item.titleKey)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-size">{t('settings.size')}</Label>
            <Select value={size} onValueChange={(value) => updatePreferences({ size: value as Size })}>
              <SelectTrigger id="settings-size" aria-label={t('settings.size')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {sizes.map((item) => (
                  <SelectItem key={item} value={item}>
                    {t(`settings.sizes.${item}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-language">{t('settings.language')}</Label>
            <Select value={language} onValueChange={(value) => updatePreferences({ language: value as Preferences['language'] })}>
              <SelectTrigger id="settings-language" aria-label={t('settings.language')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {languages.map((item) => (
                  <SelectItem key={item.id} value={item.id}>
                    {t(item.titleKey)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Toggle id="settings-tags-view" label={t('settings.tagsView')} field="tagsView" />
          <Toggle id="settings-fixed-header" label={t('settings.fixedHeader')} field="fixedHeader" />
          <Toggle id="settings-sidebar-logo" label={t('settings.sidebarLogo')} field="sidebarLogo" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
