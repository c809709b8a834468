import Cookies from 'js-cookie';
import {
  MAIN_ACCOUNT_CODES,
  SUB_ACCOUNT_SESSION_TYPE,
  sessionEndReasons,
  type LoginResult,
  type SessionEndReason,
} from '@machines/session.machine';

/** The session token cookie (docs/product.md#session). */
export const TOKEN_COOKIE = 'credit-Token';

/** Session fields kept in cookies, by their names in the session (docs/product.md#session). */
const SESSION_COOKIES = [
  'userId',
  'mainUserId',
  'status',
  'level',
  'name',
  'sessionType',
  'teamStatus',
  'forcePwdUpdate',
  'sn',
  'firstLogin',
  'isMain',
  'logo',
] as const;

/**
 * Strict always; Secure whenever the page came over HTTPS (behind the TLS front), so the token
 * never travels in clear. Script still reads them: the transport sends the token as `opsId`.
 */
export function cookieOptions(protocol: string) {
  return { sameSite: 'strict' as const, path: '/', ...(protocol === 'https:' ? { secure: true } : {}) };
}

const options = cookieOptions(typeof location === 'undefined' ? 'http:' : location.protocol);

export function sessionToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function saveSession(session: LoginResult, logo = ''): void {
  Cookies.set(TOKEN_COOKIE, session.sessionId, options);
  const values: Record<(typeof SESSION_COOKIES)[number], string> = {
    userId: session.userId,
    mainUserId: session.mainUserId,
    status: String(session.status),
    level: String(session.level),
    name: session.loginId,
    sessionType: String(session.sessionType),
    teamStatus: String(session.teamStatus),
    forcePwdUpdate: session.forcePwdUpdate,
    sn: session.sn,
    firstLogin: session.firstLogin,
    isMain: String(session.isMain),
    logo,
  };
  for (const name of SESSION_COOKIES) Cookies.set(name, values[name], options);
}

/** The session as the cookies remember it, when there is a token. */
export function savedSession(): LoginResult | null {
  const token = sessionToken();
  if (!token) return null;
  const read = (name: string) => Cookies.get(name) ?? '';
  return {
    sessionId: token,
    loginId: read('name'),
    userId: read('userId'),
    mainUserId: read('mainUserId'),
    status: Number(read('status')) || 1,
    level: (Number(read('level')) || 0) as LoginResult['level'],
    sessionType: Number(read('sessionType')) || 1,
    teamStatus: Number(read('teamStatus')) || 1,
    forcePwdUpdate: read('forcePwdUpdate') === '1' ? '1' : '0',
    firstLogin: read('firstLogin') === '1' ? '1' : '0',
    sn: read('sn'),
    isMain: read('isMain') !== 'false',
    // A main account holds every code; a sub-account's own are fetched after the restore (docs/product.md#sub-accounts).
    accessCode: Number(read('sessionType')) === SUB_ACCOUNT_SESSION_TYPE ? [] : [...MAIN_ACCOUNT_CODES],
  };
}

const END_REASON_KEY = 'credit-session-ended';

/**
 * Keeps why an upline ended the session (a 2202's rule `session-<reason>`) across the reload
 * that follows, for the login screen to say; anything else is not kept.
 */
export function keepSessionEndReason(rule: string | undefined): void {
  const reason = rule?.startsWith('session-') ? rule.slice('session-'.length) : '';
  if (!(sessionEndReasons as readonly string[]).includes(reason)) return;
  try {
    sessionStorage.setItem(END_REASON_KEY, reason);
  } catch {
    // Storage refused (private mode): the login says the session ended, without why.
  }
}

/** The reason kept before the reload, once: the next page load no longer has it. */
export function takeSessionEndReason(): SessionEndReason | null {
  try {
    const reason = sessionStorage.getItem(END_REASON_KEY);
    sessionStorage.removeItem(END_REASON_KEY);
    return (sessionEndReasons as readonly string[]).includes(reason ?? '') ? (reason as SessionEndReason) : null;
  } catch {
    return null;
  }
}

/** Logout clears the token and every session cookie; the language cookie stays. */
export function clearSession(): void {
  Cookies.remove(TOKEN_COOKIE, options);
  for (const name of SESSION_COOKIES) Cookies.remove(name, options);
}
