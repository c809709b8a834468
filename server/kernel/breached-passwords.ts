import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords known from breaches: the common-password list zxcvbn-ts ships (about 50,000, all
 * lower case, most used first), read into a set the first time a new password is checked. A
 * password is known when its lower-case form is on the list: "Password1" is "password1".
 */
let known: Set<string> | null = null;

export function isBreachedPassword(password: string): boolean {
  known ??= new Set(dictionary['passwords-common']);
  return known.has(password.toLowerCase());
}
