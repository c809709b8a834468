import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json';
import id from '../../../locales/id/common.json';
import th from '../../../locales/th/common.json';
import vi from '../../../locales/vi/common.json';
import zh from '../../../locales/zh/common.json';
import { recordedActions } from '@contract/audit.contract';
import { contract, type MethodName } from '@contract/methods.contract';
import { formatAmount } from '@/lib/format';
import { auditedActions } from './audit-actions';
import { actionKey, actionName, changeText, changesText, knownFields } from './operation-changes';
import { operatorText } from './operation-record-columns';

const catalogues = { zh, en, th, vi, id };
const lookup = (catalogue: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

let t: TFunction;
const amount = (value: string) => formatAmount(value, 'en');

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', resources: { en: { common: en } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  t = instance.t;
});

describe('operation record texts', () => {
  it('name every write method a signed-in account calls, in all five languages', () => {
    const writes = (Object.keys(contract) as MethodName[]).filter((method) => contract[method].effect === 'write');
    expect(auditedActions.length).toBeGreaterThan(20);
    expect(auditedActions).toContain('gw.credit.user.score.up');
    expect(auditedActions).not.toContain('gw.credit.score.log.query');
    for (const method of writes.filter((each) => contract[each].auth === 'session'))
      for (const [language, catalogue] of Object.entries(catalogues))
        expect(lookup(catalogue, actionKey(method)), `${language} ${method}`).toEqual(expect.any(String));
  });

  it('name what the record holds besides those (a locked sign-in, an unlock on the server, the site commands), never by the method', () => {
    expect(recordedActions).toEqual(expect.arrayContaining(['gw.credit.agent.login', 'system.unlock', 'system.site.reset_admin']));
    for (const action of recordedActions) {
      for (const [language, catalogue] of Object.entries(catalogues))
        expect(lookup(catalogue, actionKey(action)), `${language} ${action}`).toEqual(expect.any(String));
      expect(actionName(t, action)).not.toBe(action);
    }
    expect(actionName(t, 'gw.credit.agent.login')).toBe('Sign in');
  });

  it('name every known field in all five languages', () => {
    for (const field of knownFields)
      for (const [language, catalogue] of Object.entries(catalogues))
        expect(lookup(catalogue, `audit.field.${field}`), `${language} ${field}`).toEqual(expect.any(String));
  });

  it('shows an action by its name, and an unknown one as the gateway names it', () => {
    expect(actionName(t, 'gw.credit.user.score.up')).toBe(en.audit.action.gw_credit_user_score_up);
    expect(actionName(t, 'gw.credit.something.new')).toBe('gw.credit.something.new');
  });
});

describe('a change as "field: before → after"', () => {
  it('writes amounts from cents with two decimals', () => {
    expect(changeText(t, amount, { field: 'balance', before: '123456', after: '-50' })).toBe('Balance: 1,234.56 → -0.50');
    expect(changeText(t, amount, { field: 'pointLimit', before: '0', after: '100000000' })).toBe('Point limit: 0.00 → 1,000,000.00');
    // Game settings' amounts too, under their full field name.
    expect(changeText(t, amount, { field: 'gameSettings.live.redLimit', before: '0', after: '12345' })).toBe(
      'gameSettings.live.redLimit: 0.00 → 123.45',
    );
  });

  it('names statuses and flags, and marks percentages', () => {
    expect(changeText(t, amount, { field: 'status', before: 1, after: 6 })).toBe('Status: Normal → Frozen');
    expect(changeText(t, amount, { field: 'teamStatus', before: 4, after: 1 })).toBe('Line status: Disabled → Normal');
    expect(changeText(t, amount, { field: 'betPaused', before: false, after: true })).toBe('Betting paused: No → Yes');
    // Rates as stored: hundredths of a percent.
    expect(changeText(t, amount, { field: 'validAmountRate', before: 50, after: 120 })).toBe('Rolling commission rate: 0.5% → 1.2%');
    expect(changeText(t, amount, { field: 'agentCommisionRate', before: 8000, after: 7550 })).toBe(
      `${t('audit.field.agentCommisionRate')}: 80% → 75.5%`,
    );
  });

  it("names a game's and a device's switch by the game and the device", () => {
    expect(changeText(t, amount, { field: 'games.sic-bo', before: true, after: false })).toBe('Sic Bo: Open → Closed');
    expect(changeText(t, amount, { field: 'devices.h5', before: false, after: true })).toBe('Mobile web (H5): No → Yes');
    // A game the app has no text for keeps its code.
    expect(changeText(t, amount, { field: 'games.new-slot', before: false, after: true })).toBe('new-slot: Closed → Open');
  });

  it('never shows a secret, only that it was reset', () => {
    expect(changeText(t, amount, { field: 'password', before: null, after: null })).toBe('Password: reset');
    expect(changeText(t, amount, { field: 'safeCode', before: null, after: null })).toBe('Safe code: reset');
  });

  it('shows text as it is, empty or missing as a dash, and an unknown field raw', () => {
    expect(changeText(t, amount, { field: 'nickname', before: '', after: 'Lucky' })).toBe('Nickname: — → Lucky');
    expect(changeText(t, amount, { field: 'accessCode', before: '1', after: '1,5' })).toBe('Permissions: 1 → 1,5');
    expect(changeText(t, amount, { field: 'colour', before: 'red', after: null })).toBe('colour: red → —');
  });

  it('joins the changes of one operation in order', () => {
    expect(
      changesText(t, amount, [
        { field: 'nickname', before: 'a', after: 'b' },
        { field: 'maxWin', before: '0', after: '250' },
      ]),
    ).toBe('Nickname: a → b; Maximum points winnable: 0.00 → 2.50');
    expect(changesText(t, amount, [])).toBe('');
  });
});

describe('the operator', () => {
  const row = {
    id: '9',
    time: '2026-11-24T10:00:00.000Z',
    operatorId: '51',
    operatorLoginId: 'admin_sub',
    mainUserId: '1',
    mainLoginId: 'admin',
    action: 'gw.credit.user.score.up',
    changes: [],
    level: 'normal' as const,
    code: null,
    ip: '127.0.0.1',
    region: '',
    terminal: 'web',
  };
  it('says which main account a sub-account acted for', () => {
    expect(operatorText(t, row)).toBe('admin_sub for admin');
    expect(operatorText(t, { ...row, operatorId: '1', operatorLoginId: 'admin' })).toBe('admin');
  });

  it("names the system (the operator's command line, which is no account) as itself", () => {
    const bySystem = {
      ...row,
      operatorId: null,
      mainUserId: null,
      operatorLoginId: 'system',
      mainLoginId: 'system',
      action: 'system.site.add',
    };
    expect(operatorText(t, bySystem)).toBe('system');
    // Its actions (server/sites/site-admin.service.ts) have names of their own in every language.
    for (const verb of ['add', 'hosts', 'title', 'theme', 'disable', 'enable', 'platform', 'resync', 'resume', 'reset_admin'])
      for (const texts of [en, zh, th, vi, id])
        expect((texts.audit.action as Record<string, string>)[`system_site_${verb}`], verb).toBeTruthy();
    expect(actionName(t, 'system.site.add')).toBe('Site created (command line)');
  });
});
