import { useTranslation } from 'react-i18next';
import { switchDevice } from '@commands/game.commands';
import { devices } from '@contract/game.contract';
import { useCall } from '@/api/queries';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useCommands } from '@/hooks/use-command-context';

/** A member's terminal types (pc, h5, app), each switched on or off by the member's agent. */
export function DeviceSwitches({ member, editable }: { member: { userId: string; loginId: string }; editable: boolean }) {
  const { t } = useTranslation();
  const commands = useCommands();
  const switches = useCall('gw.credit.user.device.switch.get', { userId: member.userId });
  const state = switches.data?.devices;

  return (
    <Card data-testid="device-switches">
      <CardHeader>
        <CardTitle>{t('device.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm text-muted-foreground">{t('device.explain')}</p>
        <ul className="divide-y">
          {devices.map((device) => {
            const id = `device-${device}`;
            const enabled = state?.[device];
            return (
              <li key={device} className="flex items-center justify-between gap-4 py-3" data-device={device}>
                <label htmlFor={id} className="space-y-0.5">
                  <span className="block font-medium">{t(`device.${device}`)}</span>
                  <span className="block text-sm text-muted-foreground">{t(`device.${device}Hint`)}</span>
                </label>
                <Switch
                  id={id}
                  checked={enabled ?? false}
                  disabled={!editable || enabled === undefined}
                  onCheckedChange={(next) => void switchDevice(commands, member, device, next)}
                  data-testid="device-switch"
                  data-enabled={enabled === undefined ? undefined : String(enabled)}
                />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
