import { useTranslation } from 'react-i18next';
import { useCall } from '@/api/queries';
import { SettingsForm } from './setting-form';

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
