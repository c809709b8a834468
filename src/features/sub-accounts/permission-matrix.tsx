import { useTranslation } from 'react-i18next';
import { codesImplyingUserList, normalizeAccessCodes, permissionSwitches } from '../../../contract/sub-account.contract';

/** The menu rights of the matrix (spec §3): user list, score log, win/loss reports, daily reports, leaderboard. */
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

function Check({
  id,
  label,
  checked,
  disabled,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  hint?: string;
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
        {hint ? <span className="block text-xs text-muted-foreground">{hint}</span> : null}
      </span>
    </label>
  );
}

export function PermissionMatrix({
  value,
  onChange,
  idPrefix,
}: {
  value: readonly number[];
  onChange(codes: number[]): void;
  idPrefix: string;
}) {
  const { t } = useTranslation();
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
            checked={value.includes(permissionSwitches[name])}
            onChange={(on) => onChange(toggleCode(value, permissionSwitches[name], on))}
          />
        ))}
      </fieldset>
    </div>
  );
}

/** The codes as translated chips. */
export function AccessCodeChips({ codes }: { codes: readonly number[] }) {
  const { t } = useTranslation();
  if (codes.length === 0) return <span className="text-muted-foreground">{t('subAccount.noCodes')}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {codes.map((code) => (
        <span key={code} className="rounded bg-muted px-1.5 py-0.5 text-xs" data-code={code}>
          {t(`subAccount.code.${code}`)}
        </span>
      ))}
    </span>
  );
}
