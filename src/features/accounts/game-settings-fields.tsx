import { useTranslation } from 'react-i18next';
import { gameTypes } from '@contract/account-fields.contract';
import { basisPointsToPercent, formatCents, parseBasisPoints, parseCents } from '@contract/amount.contract';
import type { ResultOf } from '@contract/methods.contract';
import { FieldContext } from '@/components/ui/field-context';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { ruleMessages } from '@/components/form/form-messages';
import { amountProblem, percentProblem } from '@/lib/number-rules';
import { useFormat } from '@/hooks/use-format';

export type GameType = (typeof gameTypes)[number];
export type GameSetting = ResultOf<'gw.credit.user.profile'>['gameSettings'][number];
type Preset = ResultOf<'gw.credit.limitation.list'>['list'][number];
const textFields = ['bettingRatio', 'agentRate', 'agentToCompanyLimit', 'spread', 'redLimit'] as const;
type TextField = (typeof textFields)[number];
/** A member takes no share and has no bill: its agent rate stays 0 and its company limit follows its point limit, unasked. */
const memberFields: readonly TextField[] = ['bettingRatio', 'spread', 'redLimit'];
export type GameSettingValues = Record<TextField, string> & { enabled: boolean };
export type GameSettingsValue = Record<GameType, GameSettingValues>;

export function gameSettingsValue(settings: readonly GameSetting[] | undefined): GameSettingsValue {
  const of = (gameType: GameType): GameSettingValues => {
    const found = settings?.find((setting) => setting.gameType === gameType);
    return {
      bettingRatio: String(found?.bettingRatio ?? 0),
      agentRate: String(found?.agentRate ?? 0),
      agentToCompanyLimit: found?.agentToCompanyLimit ?? '0.00',
      spread: String(found?.spread ?? 0),
      redLimit: found?.redLimit ?? '0.00',
      enabled: found?.enabled ?? true,
    };
  };
  return { live: of('live'), electronic: of('electronic') };
}

/** What a new child's own share, wash-code ratio and point limit are, as typed in the add form. */
export interface NewChildLimits {
  pointLimit: string;
  agentCommisionRate: string;
  validAmountRate: string;
}

/**
 * A new child's game settings as the gateway makes them when none are given: the parent's, with
 * the betting ratio, agent rate and company limit lowered to the child's own wash-code ratio,
 * share and point limit (the parent's while those are not valid numbers yet).
 */
export function newChildGameSettings(parent: readonly GameSetting[] | undefined, child: NewChildLimits): GameSettingsValue {
  const fromParent = gameSettingsValue(parent);
  const percentAtMost = (own: string, max: string) => {
    const mine = parseBasisPoints(own);
    const theirs = parseBasisPoints(max);
    return mine === null || theirs === null ? max : String(basisPointsToPercent(Math.min(mine, theirs)));
  };
  const amountAtMost = (own: string, max: string) => {
    const mine = parseCents(own);
    const theirs = parseCents(max);
    return mine === null || theirs === null ? max : formatCents(Math.min(mine, theirs));
  };
  const of = (gameType: GameType): GameSettingValues => {
    const theirs = fromParent[gameType];
    return {
      ...theirs,
      bettingRatio: percentAtMost(child.validAmountRate, theirs.bettingRatio),
      agentRate: percentAtMost(child.agentCommisionRate, theirs.agentRate),
      agentToCompanyLimit: amountAtMost(child.pointLimit, theirs.agentToCompanyLimit),
    };
  };
  return { live: of('live'), electronic: of('electronic') };
}

/** The cells the user typed into, which no longer follow the defaults. */
export type GameSettingEdits = Partial<Record<GameType, Partial<GameSettingValues>>>;

export function withEdits(defaults: GameSettingsValue, edits: GameSettingEdits): GameSettingsValue {
  return { live: { ...defaults.live, ...edits.live }, electronic: { ...defaults.electronic, ...edits.electronic } };
}

/** The edits once the table went from what was shown to next (one cell at a time). */
export function editsAfter(edits: GameSettingEdits, shown: GameSettingsValue, next: GameSettingsValue): GameSettingEdits {
  const after = { ...edits };
  for (const gameType of gameTypes) {
    const cells = (Object.keys(next[gameType]) as (keyof GameSettingValues)[]).filter(
      (field) => next[gameType][field] !== shown[gameType][field],
    );
    if (cells.length > 0)
      after[gameType] = { ...after[gameType], ...Object.fromEntries(cells.map((field) => [field, next[gameType][field]])) };
  }
  return after;
}

/** The message key of each game setting that breaks a rule (rates and the company limit within the parent's). */
export function gameSettingsProblems(
  value: GameSettingsValue,
  parent: readonly GameSetting[] | undefined,
  original?: GameSettingsValue,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const gameType of gameTypes) {
    const mine = value[gameType];
    const theirs = parent?.find((setting) => setting.gameType === gameType);
    // As the gateway does: only what changes is checked against the limits.
    const check = (field: TextField, problem: string | null) => {
      if (problem && original?.[gameType][field].trim() !== mine[field].trim()) problems[`${gameType}.${field}`] = problem;
    };
    check('bettingRatio', percentProblem(mine.bettingRatio, theirs ? { max: theirs.bettingRatio } : {}));
    check('agentRate', percentProblem(mine.agentRate, theirs ? { max: theirs.agentRate } : {}));
    check('agentToCompanyLimit', amountProblem(mine.agentToCompanyLimit, theirs ? { max: theirs.agentToCompanyLimit } : {}));
    check('spread', percentProblem(mine.spread));
    check('redLimit', amountProblem(mine.redLimit));
  }
  return problems;
}

/** Refusals naming a game setting ("gameSettings.live.agentRate"), as the form holds them, as the table's problems. */
export function serverGameProblems(errors: object): Record<string, string> {
  const settings = (errors as { gameSettings?: unknown }).gameSettings as
    Partial<Record<GameType, Record<string, { message?: string } | undefined>>> | undefined;
  const problems: Record<string, string> = {};
  for (const gameType of gameTypes) {
    for (const [field, error] of Object.entries(settings?.[gameType] ?? {}))
      if (error?.message) problems[`${gameType}.${field}`] = ruleMessages[error.message]?.key ?? 'validation.invalid';
  }
  return problems;
}

/** Game settings per game type (docs/product.md#account-fields): one row per type, one column per setting, the parent's value as the limit. */
export function GameSettingsFields({
  value,
  parent,
  presets,
  problems,
  lockedGameTypes,
  own,
  member = false,
  onChange,
}: {
  value: GameSettingsValue;
  parent: readonly GameSetting[] | undefined;
  /** The account's settings as saved (an edit): its open bill period against its agent-to-company limit. */
  own?: readonly GameSetting[];
  presets: readonly Preset[];
  problems: Record<string, string | null>;
  /** Game types whose agent rate and betting ratio may not change now (user.rate.modify.allow). */
  lockedGameTypes: readonly GameType[];
  /** The settings of a member: only the columns a player has. */
  member?: boolean;
  onChange(next: GameSettingsValue): void;
}) {
  const { t } = useTranslation();
  const shownFields = member ? memberFields : textFields;
  const format = useFormat();
  const set = (gameType: GameType, field: TextField | 'enabled', next: string | boolean) =>
    onChange({ ...value, [gameType]: { ...value[gameType], [field]: next } });
  const maxOf = (gameType: GameType, field: TextField) => {
    const theirs = parent?.find((setting) => setting.gameType === gameType);
    if (!theirs || field === 'spread' || field === 'redLimit') return null;
    return field === 'agentToCompanyLimit' ? format.amount(theirs.agentToCompanyLimit) : `${theirs[field]}%`;
  };
  return (
    <fieldset className="grid min-w-0 gap-2 sm:col-span-2" data-testid="game-settings">
      <legend className="mb-2 font-medium">{t('game.title')}</legend>
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1 pr-2 font-medium">{t('game.type')}</th>
              {shownFields.map((field) => (
                <th key={field} className="py-1 pr-2 font-medium">
                  {t(`game.${field}`)}
                </th>
              ))}
              <th className="py-1 font-medium">{t('game.enabled')}</th>
            </tr>
          </thead>
          <tbody>
            {gameTypes.map((gameType) => (
              <tr key={gameType} className="align-top">
                <th scope="row" className="py-2 pr-2 text-left font-medium">
                  {t(`game.${gameType}`)}
                </th>
                {shownFields.map((field) => {
                  const id = `game-${gameType}-${field}`;
                  const problem = problems[`${gameType}.${field}`];
                  const max = maxOf(gameType, field);
                  const locked = lockedGameTypes.includes(gameType) && (field === 'bettingRatio' || field === 'agentRate');
                  const use = field === 'agentToCompanyLimit' ? own?.find((setting) => setting.gameType === gameType) : undefined;
                  return (
                    <td key={field} className="py-1 pr-2">
                      <FieldContext.Provider
                        value={{
                          controlId: id,
                          describedBy: [max ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ') || undefined,
                          invalid: Boolean(problem),
                        }}
                      >
                        <Input
                          id={id}
                          value={value[gameType][field]}
                          onChange={(event) => set(gameType, field, event.target.value)}
                          inputMode="decimal"
                          disabled={locked}
                          aria-label={`${t(`game.${gameType}`)}: ${t(`game.${field}`)}`}
                          list={field === 'redLimit' ? `presets-${gameType}` : undefined}
                          className="min-w-24"
                        />
                      </FieldContext.Provider>
                      {max ? (
                        <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted-foreground">
                          {t('add.atMost', { max })}
                        </p>
                      ) : null}
                      {use?.agentToCompanyUsed != null ? (
                        <p
                          className={`mt-0.5 text-xs ${use.agentToCompanyReached ? 'font-medium text-destructive' : 'text-muted-foreground'}`}
                          data-testid={`${id}-used`}
                          data-reached={use.agentToCompanyReached}
                        >
                          {t(use.agentToCompanyReached ? 'game.companyLimitReached' : 'game.companyLimitUsed', {
                            used: format.amount(use.agentToCompanyUsed),
                          })}
                        </p>
                      ) : null}
                      {problem ? (
                        <p id={`${id}-problem`} role="alert" className="mt-0.5 text-xs text-destructive">
                          {t(problem, { max: max ?? '' })}
                        </p>
                      ) : null}
                    </td>
                  );
                })}
                <td className="py-2">
                  <Switch
                    id={`game-${gameType}-enabled`}
                    checked={value[gameType].enabled}
                    onCheckedChange={(checked) => set(gameType, 'enabled', checked)}
                    aria-label={`${t(`game.${gameType}`)}: ${t('game.enabled')}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {gameTypes.map((gameType) => (
        <datalist key={gameType} id={`presets-${gameType}`}>
          {presets
            .filter((preset) => preset.gameType === gameType)
            .map((preset) => (
              <option key={preset.id} value={preset.maxBet}>
                {t('game.preset', { min: preset.minBet, max: preset.maxBet })}
              </option>
            ))}
        </datalist>
      ))}
      <p className="text-xs text-muted-foreground">{t('game.redLimitHint')}</p>
    </fieldset>
  );
}

/** Every setting of every game type as shown, as the gateway takes them: what the form shows is what is saved. */
export function allGameSettings(value: GameSettingsValue) {
  return gameTypes.map((gameType) => {
    const setting = value[gameType];
    return {
      gameType,
      bettingRatio: setting.bettingRatio.trim(),
      agentRate: setting.agentRate.trim(),
      agentToCompanyLimit: setting.agentToCompanyLimit.trim(),
      spread: setting.spread.trim(),
      redLimit: setting.redLimit.trim(),
      enabled: setting.enabled,
    };
  });
}

/** Only what changed, as the gateway takes it (strings in, cents and hundredths out). */
export function changedGameSettings(before: GameSettingsValue, after: GameSettingsValue) {
  const changes = [];
  for (const gameType of gameTypes) {
    const change: Record<string, string | boolean> = {};
    for (const field of textFields)
      if (before[gameType][field].trim() !== after[gameType][field].trim()) change[field] = after[gameType][field].trim();
    if (before[gameType].enabled !== after[gameType].enabled) change.enabled = after[gameType].enabled;
    if (Object.keys(change).length > 0) changes.push({ gameType, ...change });
  }
  return changes;
}
