import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languages } from '@commands/preference-choices';
import { updatePreferences, usePreferences } from '@/lib/preferences';

/** A native select: light enough for the sign-in screen, and accessible as it is. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      <Languages className="size-4" aria-hidden />
      <span className="sr-only">{t('command.changeLanguage')}</span>
      <select
        value={language}
        onChange={(event) => updatePreferences({ language: event.target.value as typeof language })}
        className="rounded-md border border-input bg-background px-2 py-1 text-foreground"
        data-testid="language-switcher"
      >
        {languages.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </label>
  );
}
