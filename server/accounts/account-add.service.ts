import { isMemberLevel } from '../../contract/account-fields.contract';
import { sql } from '../kernel/db/sql';
import { ErrorCode } from '../../contract/errors.contract';
import { uniqueViolation } from '../kernel/db/database';
import type { ActingContext } from '../kernel/call-context';
import { RpcError } from '../kernel/rpc-error';
import type { GameSettingValues } from '../tree/account.repository';
import { callerMayChangeDownline } from '../tree/line-access';
import { wireId } from '../kernel/db/ids';

/** A new direct child as stored: its secrets come hashed (a batch job hashes them once for all its members). */
export interface NewChild {
  loginId: string;
  nickname: string;
  name?: string | undefined;
  phone?: string | undefined;
  tel?: string | undefined;
  wechat?: string | undefined;
  passwordHash: string;
  safeCodeHash: string;
  /** Cents. */
  pointLimit: number;
  /** Hundredths of a percent, like the share. */
  validAmountRate: number;
  agentCommisionRate?: number | undefined;
  /** Per game type, what replaces the values taken from the parent (hundredths and cents). */
  gameSettings?: readonly GameSettingInput[] | undefined;
}

interface GameSettingInput {
  gameType: 'live' | 'electronic';
  bettingRatio?: number | undefined;
  agentRate?: number | undefined;
  agentToCompanyLimit?: number | undefined;
  spread?: number | undefined;
  redLimit?: number | undefined;
  enabled?: boolean | undefined;
}

/**
 * The child's game settings: the parent's, with the child's own wash-code ratio and share where
 * they are lower, then what the caller gave; rates and the company limit never above the
 * parent's for the same game type (100, naming e.g. gameSettings.live.agentRate).
 */
function childGameSettings(parentSettings: readonly GameSettingValues[], input: NewChild, share: number) {
  const given = new Map<string, GameSettingInput>();
  for (const setting of input.gameSettings ?? []) {
    if (given.has(setting.gameType)) throw new RpcError(ErrorCode.invalidParams, { field: 'gameSettings', rule: 'duplicate-game-type' });
    given.set(setting.gameType, setting);
  }
  return parentSettings.map((parent) => {
    const mine = given.get(parent.game_type);
    const bounded = (field: 'bettingRatio' | 'agentRate' | 'agentToCompanyLimit', value: number, max: number) => {
      if (value > max)
        throw new RpcError(ErrorCode.invalidParams, { field: `gameSettings.${parent.game_type}.${field}`, rule: 'above-parent' });
      return value;
    };
    const companyLimit = Number(parent.agent_to_company_limit);
    return {
      gameType: parent.game_type,
      bettingRatio: bounded(
        'bettingRatio',
        mine?.bettingRatio ?? Math.min(input.validAmountRate, parent.betting_ratio),
        parent.betting_ratio,
      ),
      agentRate: bounded('agentRate', mine?.agentRate ?? Math.min(share, parent.agent_rate), parent.agent_rate),
      agentToCompanyLimit: bounded(
        'agentToCompanyLimit',
        mine?.agentToCompanyLimit ?? Math.min(input.pointLimit, companyLimit),
        companyLimit,
      ),
      spread: mine?.spread ?? parent.spread,
      redLimit: mine?.redLimit ?? Number(parent.red_limit),
      enabled: mine?.enabled ?? parent.enabled,
    };
  });
}

type ChildLimits = Pick<NewChild, 'pointLimit' | 'validAmountRate' | 'agentCommisionRate'>;

/**
 * Locks the caller's row and checks what a new child may get: never more point limit, share or
 * wash-code ratio than the parent (100, naming the field); a frozen parent or line changes no downline.
 */
export async function checkChildLimits(ctx: ActingContext, limits: ChildLimits) {
  const session = ctx.session!;
  // Locked so that two adds cannot both pass the checks against a parent being changed.
  const parent = await ctx.db.one<{
    id: bigint;
    point_limit: bigint;
    agent_commision_rate: number;
    valid_amount_rate: number;
  }>(sql`SELECT id, point_limit, agent_commision_rate, valid_amount_rate FROM accounts WHERE id = ${session.accountId} FOR UPDATE`);
  if (!parent) throw new RpcError(ErrorCode.authFailed);
  await callerMayChangeDownline(ctx);
  const aboveParent = (field: string) => new RpcError(ErrorCode.invalidParams, { field, rule: 'above-parent' });
  if (limits.pointLimit > Number(parent.point_limit)) throw aboveParent('pointLimit');
  if ((limits.agentCommisionRate ?? 0) > parent.agent_commision_rate) throw aboveParent('agentCommisionRate');
  if (limits.validAmountRate > parent.valid_amount_rate) throw aboveParent('validAmountRate');
  return parent;
}

/**
 * 20046 when `adding` more members would take the parent agent past the site's most members (0 =
 * no limit). Read under the parent's row lock (checkChildLimits): concurrent adds under one
 * agent take turns, so they never pass the limit together.
 */
export async function checkMemberLimit(ctx: ActingContext, parentId: bigint, adding = 1) {
  const row = await ctx.db.one<{ member_limit: number; members: number | string }>(sql`
    SELECT s.member_limit,
           (SELECT count(*) FROM accounts a WHERE a.parent_id = ${parentId} AND a.level = 5) AS members
      FROM sites s WHERE s.id = ${ctx.site.id}`);
  if (row && row.member_limit > 0 && Number(row.members) + adding > row.member_limit) throw new RpcError(ErrorCode.memberMaximum);
}

/** Adds a direct child of the caller (one call of agent.add / user.add, or one item of a batch). */
export async function addChild(ctx: ActingContext, input: NewChild, level: number) {
  const parent = await checkChildLimits(ctx, input);
  if (isMemberLevel(level)) await checkMemberLimit(ctx, parent.id);
  const share = input.agentCommisionRate ?? 0;
  const parentSettings = await ctx.db.rows<GameSettingValues>(sql`
    SELECT game_type, betting_ratio, agent_rate, agent_to_company_limit, spread, red_limit, enabled
      FROM game_settings WHERE account_id = ${parent.id} ORDER BY game_type`);
  const settings = childGameSettings(parentSettings, input, share);
  // Accounts and sub-accounts share the site's login names (login_names, kept by the tables' triggers).
  const taken = await ctx.db.one(sql`SELECT 1 FROM login_names WHERE site_id = ${ctx.site.id} AND login_key = lower(${input.loginId})`);
  if (taken) throw new RpcError(ErrorCode.invalidParams, { field: 'loginId', rule: 'login-id-taken' });

  const created = await ctx.db
    .one<{ id: bigint }>(
      sql`INSERT INTO accounts
      (site_id, parent_id, level, login_id, nickname, name, phone, tel, wechat, password_hash, safe_code_hash,
       point_limit, agent_commision_rate, valid_amount_rate, first_login, created_at)
    VALUES (${ctx.site.id}, ${parent.id}, ${level}, ${input.loginId}, ${input.nickname}, ${input.name ?? ''}, ${input.phone ?? ''},
       ${input.tel ?? ''}, ${input.wechat ?? ''}, ${input.passwordHash}, ${input.safeCodeHash},
       ${input.pointLimit}, ${share}, ${input.validAmountRate}, true, ${ctx.now})
    RETURNING id`,
    )
    .catch((error: unknown) => {
      // A name a concurrent add took meanwhile: the same refusal as a name taken before.
      if (uniqueViolation(error)) throw new RpcError(ErrorCode.invalidParams, { field: 'loginId', rule: 'login-id-taken' });
      throw error;
    });
  const userId = wireId(created!.id);
  for (const setting of settings) {
    await ctx.db
      .run(sql`INSERT INTO game_settings (account_id, game_type, betting_ratio, agent_rate, agent_to_company_limit, spread, red_limit, enabled)
      VALUES (${userId}, ${setting.gameType}, ${setting.bettingRatio}, ${setting.agentRate}, ${setting.agentToCompanyLimit}, ${setting.spread},
              ${setting.redLimit}, ${setting.enabled})`);
  }
  ctx.audit.targetId = userId;
  ctx.audit.summary = `added ${isMemberLevel(level) ? 'member' : 'agent'} ${input.loginId}`;
  ctx.audit.changes = [{ field: 'loginId', before: null, after: input.loginId }];
  return { userId };
}
