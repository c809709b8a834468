import { describe, expect, it } from 'vitest';
import type { SystemSettings } from '@contract/system-setting.contract';
import { changedFields, changesOf, settingValuesSchema, valuesOf, type SettingValues } from './setting-values';

const settings: SystemSettings = {
  maintenance: { startTime: '2026-11-26T16:00:00.000Z', endTime: '2026-11-26T18:00:00.000Z' },
  ipWhitelistOn: true,
  ipWhitelist: ['10.0.0.0/8', '127.0.0.1/32'],
  subAccountLimit: 15,
  memberLimit: 0,
  minScoreIntervalMs: 2000,
  idleTimeoutSeconds: 1800,
  captchaRequired: true,
  captchaOff: false,
  warningSwitch: false,
  monitorThresholds: { bet: '5000.00', win: '0.00', score: '100000.00' },
  ui: 'black',
  title: 'Demo',
  logo: '',
  financeVisible: true,
  retentionDays: { requestKeys: 7, sessions: 30, loginLog: 180, operationLog: 365, jobs: 30, monitorEvents: 90 },
  transferAlertMinutes: 10,
  callerIp: '127.0.0.1',
};
const problems = (values: SettingValues) => {
  const parsed = settingValuesSchema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('system settings as the form holds them', () => {
  it('shows the window in Beijing wall time, the timeout in minutes, the interval in seconds, a network per line', () => {
    expect(valuesOf(settings)).toMatchObject({
      maintenance: { startTime: '2026-11-27T00:00', endTime: '2026-11-27T02:00' },
      ipWhitelist: '10.0.0.0/8\n127.0.0.1/32',
      idleTimeoutMinutes: '30',
      minScoreIntervalSeconds: '2',
      subAccountLimit: '15',
      logoImage: null,
    });
  });

  it('sends nothing for an untouched form, and only what differs otherwise', () => {
    const values = valuesOf(settings);
    expect(changesOf(settings, values)).toEqual({});
    expect(problems(values)).toEqual([]);

    const edited: SettingValues = {
      ...values,
      maintenance: { startTime: '2026-11-27T01:00', endTime: '2026-11-27T02:00' },
      ipWhitelist: '127.0.0.1/32, 10.0.0.0/8\n203.0.113.7',
      idleTimeoutMinutes: '45',
      monitorThresholds: { bet: '5000', win: '0', score: '200000.5' },
      warningSwitch: true,
      title: ' Red House ',
    };
    const changes = changesOf(settings, edited);
    expect(changes).toEqual({
      maintenance: { startTime: '2026-11-26T17:00:00.000Z', endTime: '2026-11-26T18:00:00.000Z' },
      ipWhitelist: ['127.0.0.1/32', '10.0.0.0/8', '203.0.113.7'],
      idleTimeoutSeconds: 2700,
      warningSwitch: true,
      monitorThresholds: { score: '200000.5' },
      title: 'Red House',
    });
    expect(changedFields(changes)).toEqual(['maintenance', 'ipWhitelist', 'idleTimeoutSeconds', 'warningSwitch', 'monitor.score', 'title']);
  });

  it('sends the member limit per agent as a number, and refuses one that is not a whole number up to 100000', () => {
    const values = valuesOf(settings);
    expect(values.memberLimit).toBe('0');
    expect(changesOf(settings, { ...values, memberLimit: ' 200 ' })).toEqual({ memberLimit: 200 });
    expect(problems({ ...values, memberLimit: '100001' })).toEqual(['memberLimit:member-limit']);
    expect([...new Set(problems({ ...values, memberLimit: '-1' }))]).toEqual(['memberLimit:member-limit']);
  });

  it('sends the retention days that changed as numbers, and refuses days outside the range of each kind', () => {
    const values = valuesOf(settings);
    expect(values.retentionDays.loginLog).toBe('180');
    const edited = { ...values, retentionDays: { ...values.retentionDays, loginLog: ' 400 ', jobs: '30' } };
    expect(changesOf(settings, edited)).toEqual({ retentionDays: { loginLog: 400 } });
    expect(changedFields(changesOf(settings, edited))).toEqual(['retention.loginLog']);
    // The login log's floor is 30 days, the operation record's 90; 3650 is every kind's ceiling.
    expect(problems({ ...values, retentionDays: { ...values.retentionDays, loginLog: '29', operationLog: '89', jobs: '3651' } })).toEqual([
      'retentionDays.loginLog:retention-days',
      'retentionDays.operationLog:retention-days',
      'retentionDays.jobs:retention-days',
    ]);
    expect(problems({ ...values, retentionDays: { ...values.retentionDays, loginLog: '30', operationLog: '90', jobs: '3650' } })).toEqual(
      [],
    );
  });

  it('sends the transfer alert as whole minutes, and refuses minutes outside 1-1440', () => {
    const values = valuesOf(settings);
    expect(values.transferAlertMinutes).toBe('10');
    expect(changesOf(settings, { ...values, transferAlertMinutes: ' 30 ' })).toEqual({ transferAlertMinutes: 30 });
    expect(changedFields(changesOf(settings, { ...values, transferAlertMinutes: '30' }))).toEqual(['transferAlertMinutes']);
    for (const minutes of ['0', '1441', '2.5', ''])
      expect([...new Set(problems({ ...values, transferAlertMinutes: minutes }))], minutes).toEqual([
        'transferAlertMinutes:transfer-alert',
      ]);
    for (const minutes of ['1', '1440']) expect(problems({ ...values, transferAlertMinutes: minutes })).toEqual([]);
  });

  it('lifts the window when both times are cleared', () => {
    expect(changesOf(settings, { ...valuesOf(settings), maintenance: { startTime: '', endTime: '' } })).toEqual({ maintenance: null });
  });

  it('names each field that breaks a rule with the rule the messages know', () => {
    const values = valuesOf(settings);
    expect(
      problems({
        ...values,
        maintenance: { startTime: '2026-11-27T03:00', endTime: '2026-11-27T02:00' },
        ipWhitelist: '10.0.0.0/8\nexample.com',
        idleTimeoutMinutes: '0',
        minScoreIntervalSeconds: '3601',
        monitorThresholds: { bet: '-5', win: '1.234', score: '0' },
        title: 'x'.repeat(61),
      }),
    ).toEqual([
      'ipWhitelist:ip-network',
      'minScoreIntervalSeconds:score-interval',
      'idleTimeoutMinutes:idle-timeout',
      'monitorThresholds.bet:amount-format',
      'monitorThresholds.win:amount-format',
      'title:title-length',
      'maintenance.endTime:start-after-end',
    ]);
    expect(problems({ ...values, ipWhitelistOn: true, ipWhitelist: '  ' })).toEqual(['ipWhitelist:whitelist-empty']);
    expect(problems({ ...values, maintenance: { startTime: '2026-11-27T03:00', endTime: '' } })).toEqual(['maintenance.endTime:date-time']);
  });
});
