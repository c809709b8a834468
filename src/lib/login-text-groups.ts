/**
 * The text groups of locales/<lang>/common.json that the screens before sign-in name. The login
 * loads only these, in its own language (`common.json?login`, built by vite.config.ts); the rest
 * load with the signed-in app. tests/unit/web-build.test.ts checks the list against the code.
 */
export const loginTextGroups = [
  'app',
  'blocked',
  'command',
  'error',
  'errorPage',
  'language',
  'layout',
  'level',
  'login',
  'logout',
  'maintenance',
  'mobile',
  'palette',
  'password',
  'profile',
  'route',
  'status',
  'theme',
  'unreachable',
  'validation',
] as const;
