/**
 * The texts of locales/<lang>/common.json that the screens before sign-in name: a whole group, or
 * some of its keys. The login loads only these, in its own language (`common.json?login`, built by
 * vite.config.ts); the rest load with the signed-in app. tests/unit/web-build.test.ts checks the
 * list against the code the login loads.
 */
export const loginTexts: Record<string, 'all' | readonly string[]> = {
  app: 'all',
  blocked: 'all',
  error: 'all',
  errorPage: 'all',
  login: 'all',
  unreachable: 'all',
  command: ['changeLanguage'],
  layout: ['notifications', 'dismissToast'],
  maintenance: ['title', 'message', 'start', 'end', 'untilLifted', 'beijingTime', 'companySignIn'],
  mobile: ['desktopVersion'],
  route: ['notFound', 'unauthorized'],
  validation: ['loginIdRequired', 'loginId', 'passwordRequired', 'passwordLength', 'safeCode', 'captchaRequired'],
};

/** The login's part of a language's texts. */
export function pickLoginTexts(texts: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(loginTexts).map(([group, keys]) => [
      group,
      keys === 'all' ? texts[group]! : Object.fromEntries(keys.map((key) => [key, texts[group]![key]])),
    ]),
  );
}
