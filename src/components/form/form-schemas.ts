import { z } from 'zod';
import { amountSchema, parseBasisPoints, parseCents, percentSchema } from '@contract/amount.contract';

/** A text that must be filled in (rule `rule` when blank), then checked by the contract's schema. */
export function filled(schema: z.ZodType, rule = 'required') {
  return z
    .string()
    .refine((value) => value.trim() !== '', rule)
    .pipe(
      z
        .string()
        .trim()
        .pipe(schema as z.ZodType<unknown, string>),
    );
}

/** The contract's amount, at most the parent's (docs/product.md#limits-from-the-parent). */
export function amountAtMost(max: string | undefined) {
  const limit = max === undefined ? null : (parseCents(max) ?? 0);
  return filled(amountSchema.refine((cents) => limit === null || cents <= limit, 'above-parent'));
}

/** The contract's percent (share, wash-code ratio), at most the parent's. */
export function percentAtMost(max: number | string | undefined) {
  const limit = max === undefined ? null : (parseBasisPoints(max) ?? 0);
  return filled(percentSchema.refine((points) => limit === null || points <= limit, 'above-parent'));
}

/**
 * A new password (or safe code, with its own rules) typed twice (docs/product.md#validation-rules): the second must be filled and match; the problem shows on
 * the second. Spread into `.superRefine(...)`: it runs even when other fields are wrong, so every
 * problem shows at once.
 */
export function confirmation(password: string, confirm: string, rules = { required: 'confirm-required', mismatch: 'password-mismatch' }) {
  const check = (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (values[confirm] === '') ctx.addIssue({ code: 'custom', message: rules.required, path: [confirm] });
    else if (values[confirm] !== values[password]) ctx.addIssue({ code: 'custom', message: rules.mismatch, path: [confirm] });
  };
  return [check, { when: () => true }] as const;
}
