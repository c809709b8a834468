import { formatCents } from '../../contract/amount.contract';
import { wireId } from '../kernel/db/ids';

/** A red_limit_presets row as the database answers it: a stake range the site offers (cents; max_bet 0 is unlimited). */
export interface RedLimitPresetRow {
  id: bigint;
  site_id: string;
  game_type: 'live' | 'electronic';
  min_bet: bigint;
  max_bet: bigint;
}

/** A site_currencies row as the database answers it. */
export interface SiteCurrencyRow {
  site_id: string;
  /** ISO 4217 (bpchar(3)). */
  code: string;
  is_default: boolean;
}

export function toRedLimitPreset(row: Pick<RedLimitPresetRow, 'id' | 'game_type' | 'min_bet' | 'max_bet'>) {
  return {
    id: wireId(row.id),
    gameType: row.game_type,
    minBet: formatCents(BigInt(row.min_bet)),
    maxBet: formatCents(BigInt(row.max_bet)),
  };
}
