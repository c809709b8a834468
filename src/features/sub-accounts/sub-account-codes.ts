import { accessCodeListSchema, type SubAccount } from '../../../contract/subaccount.contract';

/** A sub-account's codes as numbers ("1,5" -> [1, 5]); none when the answer is not a code list. */
export function codesOf(subAccount: Pick<SubAccount, 'accessCode'>): number[] {
  const parsed = accessCodeListSchema.safeParse(subAccount.accessCode);
  return parsed.success ? parsed.data : [];
}
