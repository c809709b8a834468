/**
 * The character rules (docs/product.md#validation-rules) as plain patterns, with no zod: the login screen checks its
 * form with these and stays light; rules.contract.ts builds the zod schemas from the same ones.
 */
export const LOGIN_ID_PATTERN = /^[A-Za-z0-9_-]{4,16}$/;
export const SAFE_CODE_PATTERN = /^[0-9]{4}$/;
export const PASSWORD_CHARACTERS = /^[A-Za-z0-9!_-]+$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 15;
/** Longer than the spec's passwords is a passphrase: any characters that show, no composition rule, up to this many. */
export const PASSPHRASE_MAX = 64;
