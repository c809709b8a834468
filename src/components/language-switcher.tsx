import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languages } from '../../commands/preferences.commands';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { updatePreferences, usePreferences } from '@/lib/preferences';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('command.changeLanguage')} data-testid="language-switcher">
          <Languages aria-hidden />
          <span>{t(`language.${language}`)}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={language} onValueChange={(value) => updatePreferences({ language: value as typeof language })}>
          {languages.map((item) => (
            <DropdownMenuRadioItem key={item.id} value={item.id}>
              {t(item.titleKey)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
