import { parseBasisPoints, parseCents } from '../../contract/amount.contract';

/**
 * Spec §5 checks of amounts and rates, compared as integer cents and hundredths of a percent
 * (never floats): the key of the message to show, or null when fine.
 */
export function amountProblem(value: string, options: { max?: string; min?: string; required?: boolean } = {}): string | null {
  const text = value.trim();
  if (text === '') return options.required === false ? null : 'validation.required';
  const cents = parseCents(text);
  if (cents === null) return 'validation.amount';
  if (options.max !== undefined && cents > (parseCents(options.max) ?? 0)) return 'validation.aboveParent';
  if (options.min !== undefined && cents < (parseCents(options.min) ?? 0)) return 'validation.belowChild';
  return null;
}

export function percentProblem(value: string, options: { max?: number; required?: boolean } = {}): string | null {
  const text = value.trim();
  if (text === '') return options.required === false ? null : 'validation.required';
  const points = parseBasisPoints(text);
  if (points === null) return 'validation.percent';
  if (options.max !== undefined && points > Math.round(options.max * 100)) return 'validation.aboveParent';
  return null;
}

/** The message key for a rule the gateway named in a refusal (100 with data.rule). */
export function ruleMessageKey(rule: string): string {
  const known: Record<string, string> = {
    'above-parent': 'validation.aboveParent',
    'below-child': 'validation.belowChild',
    'login-id-taken': 'validation.loginIdTaken',
    'rates-locked': 'validation.ratesLocked',
    'nickname-length': 'validation.nickname',
    'invisible-characters': 'validation.invisibleCharacters',
    'no-visible-character': 'validation.noVisibleCharacter',
    'unpaired-surrogate': 'validation.invisibleCharacters',
  };
  return known[rule] ?? 'validation.invalid';
}

/** The field and rule a refusal names (100 with data), for the form to show beside the field. */
export function fieldProblemOf(error: unknown): { field: string; rule: string } | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data?: { field?: string; rule?: string } }).data;
  return data?.field && data.rule ? { field: data.field, rule: data.rule } : null;
}
