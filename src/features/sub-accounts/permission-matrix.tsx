import { useTranslation } from 'react-i18next';
import type { Level } from '@contract/method.contract';
import { codesImplyingUserList, normalizeAccessCodes, permissionSwitches } from '@contract/sub-account.contract';
import { screensOfAccessCode } from '@commands/screens';

/** The menu rights of the matrix (docs/product.md#access-codes): user list, score log, win/loss reports, daily reports, leaderboard. */
export const menuCodes = [1, 6, 7, 8, 11] as const;

export type PermissionSwitch = keyof typeof permissionSwitches;
export const switchNames = Object.keys(permissionSwitches) as PermissionSwitch[];

/** Turns one code on or off; the codes that need the user list bring it along. */
export function toggleCode(codes: readonly number[], code: number, on: boolean): number[] {
  const rest = codes.filter((held) => held !== code);
  return normalizeAccessCodes(on ? [...rest, code] : rest);
}

/** Code 1 cannot be taken away while a code that needs it is held. */
export const userListLocked = (codes: readonly number[]) => codes.some((code) => codesImplyingUserList.includes(code));

/** Everything a code grants a clerk of an owner at this level: what it does, then the screens it opens. */
export function useCodeGrants(ownerLevel: Level): (code: number) => string {
  const { t } = useTranslation();
  return (code) => {
    const implied = codesImplyingUserList.includes(code) ? [1] : [];
    const opened = screensOfAccessCode(code, ownerLevel, implied).map((screen) => t(screen.labelKey));
    const does = t(`subAccount.grants.${code}`);
    return opened.length > 0
      ? `${does} ${t('subAccount.grants.screens', { screens: opened.join(t('subAccount.grants.separator')) })}`
      : does;
  };
}

function Check({
  id,
  label,
  checked,
  disabled,
  hint,
  grants,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  hint?: string;
  grants: string;
  onChange(on: boolean): void;
}) {
  return (
    <label htmlFor={id} className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={id}
      />
      <span>
        {label}
        <span className="block text-xs text-muted-foreground" data-testid={`${id}-grants`}>
          {grants}
        </span>
        {hint ? <span className="block text-xs text-muted-foreground">{hint}</span> : null}
      </span>
    </label>
  );
}

export function PermissionMatrix({
  value,
  onChange,
  idPrefix,
  ownerLevel,
}: {
  value: readonly number[];
  onChange(codes: number[]): void;
  idPrefix: string;
  /** The main account's level: what a code opens depends on it (notices are the company's). */
  ownerLevel: Level;
}) {
  const { t } = useTranslation();
  const grants = useCodeGrants(ownerLevel);
  const locked = userListLocked(value);
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid={`${idPrefix}-matrix`}>
      <fieldset className="grid gap-2 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">{t('subAccount.matrix.menus')}</legend>
        {menuCodes.map((code) => (
          <Check
            key={code}
            id={`${idPrefix}-code-${code}`}
            label={t(`subAccount.code.${code}`)}
            grants={grants(code)}
            checked={value.includes(code)}
            disabled={code === 1 && locked}
            {...(code === 1 && locked ? { hint: t('subAccount.matrix.implied') } : {})}
            onChange={(on) => onChange(toggleCode(value, code, on))}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-2 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">{t('subAccount.matrix.switches')}</legend>
        {switchNames.map((name) => (
          <Check
            key={name}
            id={`${idPrefix}-switch-${name}`}
            label={t(`subAccount.matrix.${name}`)}
            grants={grants(permissionSwitches[name])}
            checked={value.includes(permissionSwitches[name])}
            onChange={(on) => onChange(toggleCode(value, permissionSwitches[name], on))}
          />
        ))}
      </fieldset>
    </div>
  );
}

/** The chips a table row shows before the rest fold into one "+N" chip: a row has the height of one line. */
export const ROW_CHIPS = 2;

const chip = 'rounded bg-muted px-1.5 py-0.5 text-xs';

/**
 * The codes as translated chips. In a table row (`inRow`) they stay on its one line: each chip cut
 * short to fit, the codes past the first ones folded into "+N" with their names on hover.
 */
export function AccessCodeChips({ codes, inRow = false }: { codes: readonly number[]; inRow?: boolean }) {
  const { t } = useTranslation();
  if (codes.length === 0) return <span className="text-muted-foreground">{t('subAccount.noCodes')}</span>;
  const name = (code: number) => t(`subAccount.code.${code}`);
  const shown = inRow ? codes.slice(0, ROW_CHIPS) : codes;
  const folded = inRow ? codes.slice(ROW_CHIPS) : [];
  return (
    <span
      className={inRow ? 'flex min-w-0 flex-nowrap items-center gap-1 overflow-hidden' : 'flex flex-wrap gap-1'}
      data-testid="access-code-chips"
    >
      {shown.map((code) => (
        <span key={code} className={inRow ? `min-w-0 truncate ${chip}` : chip} data-code={code}>
          {name(code)}
        </span>
      ))}
      {folded.length > 0 ? (
        <span className={`shrink-0 ${chip}`} data-folded-codes={folded.join(',')} title={folded.map(name).join(', ')}>
          +{folded.length}
        </span>
      ) : null}
    </span>
  );
}
