import { parseBasisPoints, parseCents } from '@contract/amount.contract';
import { ruleMessages } from '@/components/form/form-messages';

/**
 * Checks (docs/product.md#validation-rules, docs/product.md#limits-from-the-parent) of amounts and rates, compared as integer cents and hundredths of a percent
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

/** The message key for a rule the gateway named in a refusal (100 with data.rule): the form kit's one table. */
export function ruleMessageKey(rule: string): string {
  return ruleMessages[rule]?.key ?? 'validation.invalid';
}
