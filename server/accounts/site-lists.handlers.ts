import { sql } from 'drizzle-orm';
import { formatCents } from '../../contract/amount.contract';
import { defineHandlers } from '../rpc/handler';

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

interface PresetRow {
  id: bigint;
  game_type: 'live' | 'electronic';
  min_bet: bigint;
  max_bet: bigint;
}

export const siteListHandlers = defineHandlers({
  'gw.credit.user.area.code.get': async () => ({ list: [...AREA_CODES] }),

  'gw.credit.limitation.list': async (ctx, params) => {
    // Live first (as game settings are listed), then from the smallest stake; unlimited last.
    const rows = await ctx.db.rows<PresetRow>(sql`
      SELECT id, game_type, min_bet, max_bet FROM red_limit_presets
       WHERE site_id = ${ctx.site.id} ${params.gameType ? sql`AND game_type = ${params.gameType}` : sql``}
       ORDER BY game_type DESC, min_bet, max_bet = 0, max_bet, id`);
    return {
      list: rows.map((row) => ({
        id: String(row.id),
        gameType: row.game_type,
        minBet: formatCents(BigInt(row.min_bet)),
        maxBet: formatCents(BigInt(row.max_bet)),
      })),
    };
  },

  'gw.credit.currency.list': async (ctx) => {
    const rows = await ctx.db.rows<{ code: string; is_default: boolean }>(sql`
      SELECT code, is_default FROM site_currencies WHERE site_id = ${ctx.site.id} ORDER BY is_default DESC, code`);
    return { list: rows.map((row) => ({ code: row.code, isDefault: row.is_default })) };
  },
});
