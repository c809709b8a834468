import { sql } from '../kernel/db/sql';
import { defineHandlers } from '../kernel/handler';
import { toRedLimitPreset, type RedLimitPresetRow, type SiteCurrencyRow } from './site-list.repository';

/**
 * Phone calling codes (digits, no "+") of the region the product serves, nearest markets
 * first; fixed, so a constant rather than per-site data.
 */
export const AREA_CODES: readonly { region: string; code: string }[] = [
  { region: 'CN', code: '86' },
  { region: 'HK', code: '852' },
  { region: 'MO', code: '853' },
  { region: 'TW', code: '886' },
  { region: 'TH', code: '66' },
  { region: 'VN', code: '84' },
  { region: 'ID', code: '62' },
  { region: 'MY', code: '60' },
  { region: 'SG', code: '65' },
  { region: 'PH', code: '63' },
  { region: 'KH', code: '855' },
  { region: 'MM', code: '95' },
  { region: 'LA', code: '856' },
  { region: 'BN', code: '673' },
  { region: 'KR', code: '82' },
  { region: 'JP', code: '81' },
  { region: 'IN', code: '91' },
  { region: 'AU', code: '61' },
  { region: 'GB', code: '44' },
  { region: 'US', code: '1' },
];

export const siteListHandlers = defineHandlers({
  'gw.credit.user.area.code.get': async () => ({ list: [...AREA_CODES] }),

  'gw.credit.limitation.list': async (ctx, params) => {
    // Live first (as game settings are listed), then from the smallest stake; unlimited last.
    const rows = await ctx.db.rows<Pick<RedLimitPresetRow, 'id' | 'game_type' | 'min_bet' | 'max_bet'>>(sql`
      SELECT id, game_type, min_bet, max_bet FROM red_limit_presets
       WHERE site_id = ${ctx.site.id} ${params.gameType ? sql`AND game_type = ${params.gameType}` : sql``}
       ORDER BY game_type DESC, min_bet, max_bet = 0, max_bet, id`);
    return {
      list: rows.map(toRedLimitPreset),
    };
  },

  'gw.credit.currency.list': async (ctx) => {
    const rows = await ctx.db.rows<Pick<SiteCurrencyRow, 'code' | 'is_default'>>(sql`
      SELECT code, is_default FROM site_currencies WHERE site_id = ${ctx.site.id} ORDER BY is_default DESC, code`);
    return { list: rows.map((row) => ({ code: row.code, isDefault: row.is_default })) };
  },
});
