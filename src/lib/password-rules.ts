import { passwordRule } from '../../contract/rules.contract';

/** The full password rule of spec §5 (zod, from the contract): only the password screens load it. */
export function newPasswordProblem(value: string): string | null {
  if (value === '') return 'validation.passwordRequired';
  const result = passwordRule.safeParse(value);
  if (result.success) return null;
  return result.error.issues[0]?.message === 'password-length' ? 'validation.passwordLength' : 'validation.passwordRules';
}
