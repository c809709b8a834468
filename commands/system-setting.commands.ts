import { can } from './can';
import type { Command } from './command';

export const SYSTEM_SETTING_SCREEN = '/systemSetting/index';
export const systemSettingReads = ['gw.credit.sys.setting.get'] as const;

/** The part of the settings screen a command opens: its section, or the safe-code step of ending maintenance. */
export type SettingFocus = 'maintenance' | 'access' | 'monitoring' | 'appearance' | 'retention' | 'end-maintenance';

const mayChange = (rights: Parameters<Command['when']>[0]) => can(rights, 'gw.credit.sys.setting');

const openAt = (id: string, titleKey: string, focus: SettingFocus, keywords: readonly string[]): Command => ({
  id,
  group: 'accounts',
  titleKey,
  keywords,
  icon: 'settings',
  when: mayChange,
  run: (context) => context.navigate(`${SYSTEM_SETTING_SCREEN}?focus=${focus}`),
});

export const systemSettingCommands: Command[] = [
  openAt('systemSetting.maintenance', 'command.scheduleMaintenance', 'maintenance', ['maintenance', 'window', 'schedule', '维护', 'weihu']),
  openAt('systemSetting.endMaintenance', 'command.endMaintenance', 'end-maintenance', [
    'maintenance',
    'end',
    'lift',
    'open site',
    '结束维护',
  ]),
  openAt('systemSetting.ipWhitelist', 'command.editIpWhitelist', 'access', [
    'ip whitelist',
    'allow list',
    'captcha',
    'timeout',
    '白名单',
    'baimingdan',
  ]),
  openAt('systemSetting.monitoring', 'command.monitoringThresholds', 'monitoring', [
    'warning switch',
    'thresholds',
    'monitor',
    '预警',
    '监控',
  ]),
  openAt('systemSetting.retention', 'command.retentionSettings', 'retention', [
    'retention',
    'purge',
    'keep days',
    'data age',
    'logs',
    '保留',
    '清理',
  ]),
];
