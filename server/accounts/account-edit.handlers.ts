import { sql, type SQL } from '../kernel/db/sql';
import { gameTypes } from '../../contract/account-fields.contract';
import type { FieldChange } from '../../contract/audit.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import { clearNameCounters } from '../credentials/attempt-counters';
import { loginKeyOf } from '../credentials/secret-check';
import { hashSecret } from '../kernel/password';
import type { Queryable } from '../kernel/db/database';
import { lockSiteBets } from '../games/bet.store';
import { checkCompanyLimits } from '../tree/company-limit';
import type { CallContext } from '../kernel/call-context';
import { defineHandlers } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { endSessionsOf } from '../kernel/session.store';
import { findAccount, type AccountRow, type GameSettingValues } from '../tree/account.repository';
import { accountInLine, callerFrozen, callerMayChangeDownline, childOfKind, directChild, type Child } from '../tree/line-access';
import { wireId } from '../kernel/db/ids';

type GameType = (typeof gameTypes)[number];
type Edit = ParamsOut<'gw.credit.agent.profile.edit'> & Pick<ParamsOut<'gw.credit.user.profile.edit'>, 'maxWin'>;

/** A game-settings row as numbers; a missing row reads as the table's column defaults. */
function settingValues(row: Partial<GameSettingValues> | undefined) {
  return {
    betting_ratio: Number(row?.betting_ratio ?? 0),
    agent_rate: Number(row?.agent_rate ?? 0),
    agent_to_company_limit: Number(row?.agent_to_company_limit ?? 0),
    spread: Number(row?.spread ?? 0),
    red_limit: Number(row?.red_limit ?? 0),
    enabled: row?.enabled ?? true,
  };
}

/** Fields a child may not hold above its parent, by their name on the wire. */
type Bounded =
  | 'pointLimit'
  | 'agentCommisionRate'
  | 'validAmountRate'
  | `gameSettings.${GameType}.${'bettingRatio' | 'agentRate' | 'agentToCompanyLimit'}`;
const RATE_FIELD = /(agentCommisionRate|validAmountRate|bettingRatio|agentRate)$/;
/** Fields in cents: the operation record keeps them as strings. */
const AMOUNT_FIELD = /(pointLimit|maxWin|agentToCompanyLimit|redLimit)$/;
/** A game-settings column by its name on the wire, for the operation record. */
const SETTING_FIELDS = {
  betting_ratio: 'bettingRatio',
  agent_rate: 'agentRate',
  agent_to_company_limit: 'agentToCompanyLimit',
  spread: 'spread',
  red_limit: 'redLimit',
  enabled: 'enabled',
} as const;

async function settingsOf(db: Queryable, accountId: string | bigint): Promise<Map<GameType, GameSettingValues>> {
  const rows = await db.rows<GameSettingValues>(sql`
    SELECT game_type, betting_ratio, agent_rate, agent_to_company_limit, spread, red_limit, enabled FROM game_settings WHERE account_id = ${accountId}`);
  return new Map(rows.map((row) => [row.game_type, row]));
}

function boundsOf(
  account: Pick<AccountRow, 'point_limit' | 'agent_commision_rate' | 'valid_amount_rate'>,
  settings: Map<GameType, Partial<GameSettingValues>>,
) {
  const values = new Map<Bounded, number>([
    ['pointLimit', Number(account.point_limit)],
    ['agentCommisionRate', Number(account.agent_commision_rate)],
    ['validAmountRate', Number(account.valid_amount_rate)],
  ]);
  for (const gameType of gameTypes) {
    const setting = settingValues(settings.get(gameType));
    values.set(`gameSettings.${gameType}.bettingRatio`, setting.betting_ratio);
    values.set(`gameSettings.${gameType}.agentRate`, setting.agent_rate);
    values.set(`gameSettings.${gameType}.agentToCompanyLimit`, setting.agent_to_company_limit);
  }
  return values;
}

/** The highest value of each bounded field among an account's direct children (0 without children). */
async function childMaxima(db: Queryable, accountId: string | bigint) {
  const accounts = await db.one<{
    point_limit: bigint | null;
    agent_commision_rate: number | null;
    valid_amount_rate: number | null;
  }>(sql`
    SELECT max(point_limit) AS point_limit, max(agent_commision_rate) AS agent_commision_rate, max(valid_amount_rate) AS valid_amount_rate
      FROM accounts WHERE parent_id = ${accountId}`);
  const settings = await db.rows<Pick<GameSettingValues, 'game_type' | 'betting_ratio' | 'agent_rate' | 'agent_to_company_limit'>>(sql`
    SELECT g.game_type, max(g.betting_ratio) AS betting_ratio, max(g.agent_rate) AS agent_rate, max(g.agent_to_company_limit) AS agent_to_company_limit
      FROM game_settings g JOIN accounts c ON c.id = g.account_id
     WHERE c.parent_id = ${accountId}
     GROUP BY g.game_type`);
  return boundsOf(
    {
      point_limit: accounts?.point_limit ?? 0n,
      agent_commision_rate: accounts?.agent_commision_rate ?? 0,
      valid_amount_rate: accounts?.valid_amount_rate ?? 0,
    },
    new Map(settings.map((row) => [row.game_type, row])),
  );
}

/** Game settings a bet snapshots when it settles (bet.store.ts lineSettings): locked under unsettled bets. */
const SNAPSHOT_FIELD = /^gameSettings\.(\w+)\.(bettingRatio|agentRate)$/;

/**
 * Why the caller may not change a direct child's rates now, or null, and the game types whose
 * agent rate and betting ratio are locked: every type while frozen; else the types of the
 * unsettled bets of the child's line, which will settle with the rates then live (docs/product.md#limits-from-the-parent).
 * Unsettled bets are few at any moment (the partial index bets_unsettled).
 */
async function rateChangeRefusal(ctx: CallContext, child: Pick<Child, 'path'>) {
  if (await callerFrozen(ctx)) return { reason: 'frozen' as const, lockedGameTypes: [...gameTypes] };
  const open = await ctx.db.rows<{ game_type: GameType }>(sql`
    SELECT DISTINCT game_type FROM bets
     WHERE site_id = ${ctx.site.id} AND status = 'unsettled' AND line_path LIKE ${`${child.path}%`}`);
  const lockedGameTypes = gameTypes.filter((gameType) => open.some((row) => row.game_type === gameType));
  return { reason: lockedGameTypes.length > 0 ? ('unsettled-bets' as const) : null, lockedGameTypes };
}

/** Each game type once in an edit's game settings (100 otherwise). */
function refuseDuplicateGameTypes(input: Edit) {
  const seen = new Set<string>();
  for (const setting of input.gameSettings ?? []) {
    if (seen.has(setting.gameType)) throw new RpcError(ErrorCode.invalidParams, { field: 'gameSettings', rule: 'duplicate-game-type' });
    seen.add(setting.gameType);
  }
}

/** The bounded fields the edit changes, with their new values (a value given equal to the current one is no change). */
function wantedBounds(current: Map<Bounded, number>, input: Edit) {
  const wanted = new Map<Bounded, number>();
  const want = (field: Bounded, value: number | undefined) => {
    if (value !== undefined && value !== current.get(field)) wanted.set(field, value);
  };
  want('pointLimit', input.pointLimit);
  want('agentCommisionRate', input.agentCommisionRate);
  want('validAmountRate', input.validAmountRate);
  for (const setting of input.gameSettings ?? []) {
    want(`gameSettings.${setting.gameType}.bettingRatio`, setting.bettingRatio);
    want(`gameSettings.${setting.gameType}.agentRate`, setting.agentRate);
    want(`gameSettings.${setting.gameType}.agentToCompanyLimit`, setting.agentToCompanyLimit);
  }
  return wanted;
}

/** A rate change is refused while the caller is frozen, and for a game type with unsettled bets in the child's line. */
async function refuseLockedRates(ctx: CallContext, child: Pick<Child, 'path'>, wanted: Map<Bounded, number>) {
  const rateChange = [...wanted.keys()].find((field) => RATE_FIELD.test(field));
  if (!rateChange) return;
  const refusal = await rateChangeRefusal(ctx, child);
  if (refusal.reason === 'frozen') throw new RpcError(ErrorCode.illegalOperation, { field: rateChange, rule: 'rates-locked' });
  const locked = [...wanted.keys()].find((field) => {
    const gameType = SNAPSHOT_FIELD.exec(field)?.[1] as GameType | undefined;
    return gameType !== undefined && refusal.lockedGameTypes.includes(gameType);
  });
  if (locked) throw new RpcError(ErrorCode.illegalOperation, { field: locked, rule: 'unsettled-bets' });
}

/** Each changed value at most its parent's and at least its own children's highest. */
async function refuseOutOfLine(ctx: CallContext, parent: AccountRow, target: AccountRow, wanted: Map<Bounded, number>) {
  if (wanted.size === 0) return;
  const above = boundsOf(parent, await settingsOf(ctx.db, parent.id));
  for (const [field, value] of wanted) {
    if (value > above.get(field)!) throw new RpcError(ErrorCode.invalidParams, { field, rule: 'above-parent' });
  }
  const below = await childMaxima(ctx.db, target.id);
  for (const [field, value] of wanted) {
    if (value < below.get(field)!) throw new RpcError(ErrorCode.invalidParams, { field, rule: 'below-child' });
  }
}

/** A value as the operation record keeps it: amounts as strings of cents, like the ledger's. */
function storedValue(field: string, value: unknown) {
  return AMOUNT_FIELD.test(field) ? String(value) : (value as FieldChange['after']);
}

/** Writes the account's own columns the edit changes; answers their names and changes. */
async function updateProfileColumns(ctx: CallContext, target: AccountRow, input: Edit) {
  const columns: [string, SQL, unknown, unknown][] = [
    ['nickname', sql`nickname`, input.nickname, target.nickname],
    ['name', sql`name`, input.name, target.name],
    ['phone', sql`phone`, input.phone, target.phone],
    ['tel', sql`tel`, input.tel, target.tel],
    ['wechat', sql`wechat`, input.wechat, target.wechat],
    ['pointLimit', sql`point_limit`, input.pointLimit, Number(target.point_limit)],
    ['agentCommisionRate', sql`agent_commision_rate`, input.agentCommisionRate, target.agent_commision_rate],
    ['validAmountRate', sql`valid_amount_rate`, input.validAmountRate, target.valid_amount_rate],
    ['maxWin', sql`max_win`, input.maxWin, Number(target.max_win)],
  ];
  const changes = columns.filter(([, , value, was]) => value !== undefined && value !== was);
  if (changes.length > 0) {
    const assignments = sql.join(
      changes.map(([, column, value]) => sql`${column} = ${value}`),
      sql`, `,
    );
    await ctx.db.run(sql`UPDATE accounts SET ${assignments} WHERE id = ${target.id}`);
  }
  const changed = changes.map(([field]) => field);
  const fieldChanges: FieldChange[] = changes.map(([field, , value, was]) => ({
    field,
    before: storedValue(field, was),
    after: storedValue(field, value),
  }));
  return { changed, fieldChanges };
}

/** Writes each game-settings row the edit changes (a missing one from the defaults); answers the game types and changes. */
async function upsertGameSettings(ctx: CallContext, target: AccountRow, targetSettings: Map<GameType, GameSettingValues>, input: Edit) {
  const changed: string[] = [];
  const fieldChanges: FieldChange[] = [];
  for (const setting of input.gameSettings ?? []) {
    const was = settingValues(targetSettings.get(setting.gameType));
    const next = {
      betting_ratio: setting.bettingRatio ?? was.betting_ratio,
      agent_rate: setting.agentRate ?? was.agent_rate,
      agent_to_company_limit: setting.agentToCompanyLimit ?? was.agent_to_company_limit,
      spread: setting.spread ?? was.spread,
      red_limit: setting.redLimit ?? was.red_limit,
      enabled: setting.enabled ?? was.enabled,
    };
    if ((Object.keys(next) as (keyof typeof next)[]).every((key) => next[key] === was[key])) continue;
    for (const [key, name] of Object.entries(SETTING_FIELDS) as [keyof typeof next, string][]) {
      const field = `gameSettings.${setting.gameType}.${name}`;
      if (next[key] !== was[key]) fieldChanges.push({ field, before: storedValue(field, was[key]), after: storedValue(field, next[key]) });
    }
    await ctx.db
      .run(sql`INSERT INTO game_settings (account_id, game_type, betting_ratio, agent_rate, agent_to_company_limit, spread, red_limit, enabled)
      VALUES (${target.id}, ${setting.gameType}, ${next.betting_ratio}, ${next.agent_rate}, ${next.agent_to_company_limit}, ${next.spread}, ${next.red_limit}, ${next.enabled})
      ON CONFLICT (account_id, game_type) DO UPDATE SET betting_ratio = EXCLUDED.betting_ratio, agent_rate = EXCLUDED.agent_rate,
        agent_to_company_limit = EXCLUDED.agent_to_company_limit, spread = EXCLUDED.spread, red_limit = EXCLUDED.red_limit, enabled = EXCLUDED.enabled`);
    changed.push(`gameSettings.${setting.gameType}`);
  }
  return { changed, fieldChanges };
}

/**
 * Edits a direct child within its parent's limits and above its own children's (100 naming the
 * field, rule "above-parent" / "below-child"), so no child ever exceeds its parent. Only values
 * that change are checked: an unchanged one never makes the tree worse. The profile's share and
 * wash-code ratio are the defaults new game settings start from (docs/product.md#limits-from-the-parent), so editing them
 * leaves the existing game settings as they are; those are edited through gameSettings.
 */
async function editProfile(ctx: CallContext, input: Edit, kind: 'agent' | 'member') {
  refuseDuplicateGameTypes(input);
  // A rate edit takes the bet storers' lock before any row: a bet of the line is then stored
  // wholly before the check below (and refuses the edit) or after the edit commits (bet.store.ts).
  const ratesGiven = (input.gameSettings ?? []).some((setting) => setting.bettingRatio !== undefined || setting.agentRate !== undefined);
  if (ratesGiven) await lockSiteBets(ctx.db, ctx.site.id);
  // Parent, then child: the order every add and edit locks in, so concurrent ones wait rather
  // than check against values about to change.
  const parent = await ctx.db.one<AccountRow>(sql`SELECT * FROM accounts WHERE id = ${ctx.session!.accountId} FOR UPDATE`);
  if (!parent) throw new RpcError(ErrorCode.authFailed);
  const child = await childOfKind(ctx, input.userId, kind);
  const target = (await findAccount(ctx.db, ctx.site.id, wireId(child.id)))!;
  const targetSettings = await settingsOf(ctx.db, target.id);

  const wanted = wantedBounds(boundsOf(target, targetSettings), input);
  await refuseLockedRates(ctx, child, wanted);
  await refuseOutOfLine(ctx, parent, target, wanted);

  const profile = await updateProfileColumns(ctx, target, input);
  const settings = await upsertGameSettings(ctx, target, targetSettings, input);
  const changed = [...profile.changed, ...settings.changed];
  const fieldChanges = [...profile.fieldChanges, ...settings.fieldChanges];
  // A limit raised, lowered or set to 0 stops or frees the line at once, by its open period now.
  if (fieldChanges.some((change) => change.field.endsWith('.agentToCompanyLimit'))) {
    await checkCompanyLimits(ctx.db, ctx.site.id, [wireId(target.id)]);
  }

  ctx.audit.targetId = wireId(target.id);
  ctx.audit.summary = `EDIT ${target.login_id}: ${changed.length > 0 ? changed.join(', ') : 'no change'}`;
  ctx.audit.changes = fieldChanges;
  return { userId: wireId(target.id) };
}

export const accountEditHandlers = defineHandlers({
  'gw.credit.agent.profile.edit': (ctx, params) => editProfile(ctx, params, 'agent'),
  'gw.credit.user.profile.edit': (ctx, params) => editProfile(ctx, params, 'member'),

  'gw.credit.user.password.reset': async (ctx, params) => {
    await callerMayChangeDownline(ctx);
    const child = await directChild(ctx, params.userId, true);
    const passwordHash = await hashSecret(params.password);
    const safeCode = params.safeCode === undefined ? sql`` : sql`, safe_code_hash = ${await hashSecret(params.safeCode)}`;
    // The child must choose its own password at next sign-in; a first login stays a first login.
    await ctx.db.run(sql`UPDATE accounts SET password_hash = ${passwordHash}, force_pwd_update = true${safeCode} WHERE id = ${child.id}`);
    await endSessionsOf(ctx.db, sql`${child.id}`, ctx.now);
    await clearNameCounters(ctx.db, ctx.site.id, loginKeyOf(child.login_id), ctx.now);
    ctx.audit.targetId = wireId(child.id);
    ctx.audit.summary = `PASSWORD_RESET ${child.login_id}${params.safeCode === undefined ? '' : ' (and safe code)'}`;
    // Secrets are never recorded, not even hashed: only that they changed.
    ctx.audit.changes = [
      { field: 'password', before: null, after: null },
      ...(params.safeCode === undefined ? [] : [{ field: 'safeCode', before: null, after: null }]),
    ];
    return { userId: wireId(child.id) };
  },

  'gw.credit.user.rate.modify.allow': async (ctx, params) => {
    const child = await directChild(ctx, params.userId, false);
    const refusal = await rateChangeRefusal(ctx, child);
    return { userId: wireId(child.id), allowed: refusal.reason === null, ...refusal };
  },

  'gw.credit.user.game.switch.get': async (ctx, params) => {
    const account = await accountInLine(ctx, params.userId);
    const settings = await settingsOf(ctx.db, account.id);
    return {
      userId: wireId(account.id),
      list: gameTypes.map((gameType) => ({ gameType, enabled: settingValues(settings.get(gameType)).enabled })),
    };
  },
});
