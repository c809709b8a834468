import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import type { loginResultSchema } from '../contract/auth.contract';
import type { ResultOf } from '../contract/methods.contract';
import type { siteMethods } from '../contract/site.contract';

export type SiteInfo = z.infer<(typeof siteMethods)['gw.credit.sn.template.get']['result']>;
export type MaintenanceInfo = z.infer<(typeof siteMethods)['sn.agent.maintain']['result']>;
export type LoginResult = z.infer<typeof loginResultSchema>;
/**
 * The signed-in account's full profile (with flags and game settings: the edit and add screens
 * read the parent's limits from it), and whether its site shows it the finance screens
 * (system.finance.isvisit).
 */
export type Profile = ResultOf<'gw.credit.user.profile'> & { financeVisible?: boolean };

/**
 * Why an upline's action ended a session (contract/auth.contract.ts `sessionEndReasons`), written
 * out here like the codes below, so that the first screen carries no zod; session.machine.test.ts
 * holds them to the contract.
 */
export const sessionEndReasons = ['frozen', 'disabled', 'kicked', 'line-locked', 'line-frozen'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

/** What a page load finds: the saved session, or (none saved) why its upline ended the last one, when the page was reloaded for it. */
export type RestoredSession = { session: LoginResult; profile: Profile | null } | { ended: SessionEndReason } | null;

/** An error from the gateway (catalogue code, its message and data) or a network failure (code 1). */
export interface SessionError {
  code: number;
  message: string;
  /** A refused sign-in's failures left before its name locks, or a locked name's rule and seconds left; a refused new password's field and rule. */
  data?: { field?: string; rule?: string; attemptsLeft?: number; retryAfter?: number };
}

export interface Credentials {
  loginId: string;
  password: string;
  captchaId: string;
  captchaCode: string;
  safeCode: string;
}

export interface NewPassword {
  newPassword: string;
  confirmPassword: string;
  safeCode?: string;
}

export interface Captcha {
  captchaId: string;
  image: string;
  /** When the gateway stops accepting it (ISO time). */
  expiresAt: string;
}

export interface SessionContext {
  site: SiteInfo | null;
  maintenance: MaintenanceInfo | null;
  session: LoginResult | null;
  profile: Profile | null;
  captcha: Captcha | null;
  /** What the last refused step answered; shown on the screen it returns to. */
  error: SessionError | null;
  /** Why the user is back at the login form (timeout, logout, password or safe code changed, expired, or its upline's action). */
  reason: 'timeout' | 'logout' | 'password-changed' | 'safe-code-changed' | 'expired' | SessionEndReason | null;
  /** Credentials being submitted (kept only while submitting, without the password after). */
  pending: Omit<Credentials, 'password'> | null;
  /** The company asked for its sign-in from the maintenance screen: the login form stays open for it. */
  companyEntry: boolean;
}

export type SessionEvent =
  | { type: 'LOGIN.SUBMIT'; credentials: Credentials }
  | { type: 'CAPTCHA.REFRESH' }
  | { type: 'PASSWORD.SUBMIT'; password: NewPassword }
  | { type: 'ACTIVITY' }
  | { type: 'LOGOUT.REQUEST' }
  | { type: 'LOGOUT.CONFIRM' }
  | { type: 'LOGOUT.CANCEL' }
  | { type: 'PROFILE.REFRESH' }
  | { type: 'RETRY' }
  /** Any call answered 2202/2221: the session is gone. */
  | { type: 'SESSION.EXPIRED' }
  /** The user changed the password on /changePass (or the safe code): the gateway ended every session. */
  | { type: 'PASSWORD.CHANGED'; secret?: 'password' | 'safeCode' }
  /** The maintenance poll's answer (every 10 s, in every state but the IP block). */
  | { type: 'MAINTENANCE.CHECKED'; maintenance: MaintenanceInfo }
  /** From the maintenance screen: the company signs in (only its main accounts are let in). */
  | { type: 'MAINTENANCE.COMPANY_SIGN_IN' }
  /** The company saved the site's settings: its title, logo and idle timeout show at once. */
  | { type: 'SITE.CHANGED'; site: Partial<Pick<SiteInfo, 'title' | 'logo' | 'idleTimeout' | 'ui'>> };

/** A window is on and the caller is not exempt from it (the company's main accounts are). */
export const closesOut = (maintenance: MaintenanceInfo) => maintenance.flag === 1 && !maintenance.exempt;

/** Maintenance is checked this often (docs/product.md#maintenance-and-ip-block). */
export const MAINTENANCE_POLL_MS = 10_000;
/** Inactivity before the app returns to the login form, unless the site gives its own. */
export const DEFAULT_INACTIVITY_MS = 30 * 60 * 1000;
/** The gateway's captchas live 2 minutes (docs/product.md#sign-in). */
export const CAPTCHA_LIFETIME_MS = 2 * 60 * 1000;
/** An idle login page fetches a fresh captcha this long before the shown one expires. */
export const CAPTCHA_REFRESH_MARGIN_MS = 15_000;
/** Never sooner than this, even when the browser's clock runs far ahead of the gateway's. */
const CAPTCHA_REFRESH_MIN_MS = 10_000;

/**
 * How long a shown captcha may stay before a fresh one is fetched: until shortly before it
 * expires by the browser's clock, and at most its lifetime from now (a browser clock behind
 * the gateway's would otherwise wait past the real expiry).
 */
export function captchaRefreshDelay(expiresAt: string, now: number): number {
  const left = Math.min(Date.parse(expiresAt) - now, CAPTCHA_LIFETIME_MS);
  return Math.max(left - CAPTCHA_REFRESH_MARGIN_MS, CAPTCHA_REFRESH_MIN_MS);
}

/**
 * Session type 9 and the codes a main account holds (contract/auth.contract.ts `SESSION_TYPE_SUB`,
 * `allAccessCodes`), written out here because the contract file brings zod into the first screen;
 * session.machine.test.ts holds them to the contract.
 */
export const SUB_ACCOUNT_SESSION_TYPE = 9;
export const MAIN_ACCOUNT_CODES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 11];

/** The comma-separated codes ("1,5") as numbers, known codes only. */
export const parseAccessCodes = (text: string): number[] =>
  text
    .split(',')
    .map((code) => Number(code.trim()))
    .filter((code) => MAIN_ACCOUNT_CODES.includes(code));

const isSubAccount = (session: LoginResult | null) => session?.sessionType === SUB_ACCOUNT_SESSION_TYPE;

/** A sub-account holds no access code until its own are fetched (docs/product.md#sub-accounts); a main account keeps what it was given. */
export const withoutUnfetchedCodes = (session: LoginResult): LoginResult =>
  isSubAccount(session) ? { ...session, accessCode: [] } : session;

const withCodes = (session: LoginResult | null, accessCode: number[]): LoginResult | null =>
  session ? { ...session, accessCode } : session;

const mustChangePassword = (session: LoginResult | null) =>
  session !== null && (session.forcePwdUpdate === '1' || session.firstLogin === '1');

const errorOf = (error: unknown): SessionError => {
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error))
    return { code: 1, message: 'Network error' };
  const { code, message, data } = error as SessionError;
  return { code: Number(code), message: String(message), ...(data ? { data } : {}) };
};

/**
 * The whole session of the web app: site check (theme, IP block), maintenance, sign-in with
 * captcha and two-factor code, forced password change, the authenticated app with its
 * inactivity timeout, and logout with confirmation. No React and no network here: the app
 * provides the actors (and the actions that keep cookies) with `.provide()`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    loadSite: fromPromise<{ site: SiteInfo; maintenance: MaintenanceInfo }>(async () => {
      throw new Error('loadSite is provided by the app');
    }),
    restoreSession: fromPromise<RestoredSession>(async () => null),
    loadCaptcha: fromPromise<Captcha>(async () => {
      throw new Error('loadCaptcha is provided by the app');
    }),
    login: fromPromise<LoginResult, Credentials>(async () => {
      throw new Error('login is provided by the app');
    }),
    loadProfile: fromPromise<Profile>(async () => {
      throw new Error('loadProfile is provided by the app');
    }),
    /** A sub-account's own access codes (gw.credit.subaccount.get without id). */
    loadAccessCodes: fromPromise<number[]>(async () => {
      throw new Error('loadAccessCodes is provided by the app');
    }),
    changePassword: fromPromise<void, NewPassword>(async () => {
      throw new Error('changePassword is provided by the app');
    }),
    logout: fromPromise<void>(async () => undefined),
    /** Sends MAINTENANCE.CHECKED every 10 s while it runs. */
    pollMaintenance: fromCallback<SessionEvent>(() => () => undefined),
  },
  actions: {
    /** Keeps the session in cookies (docs/product.md#session); provided by the app. */
    persistSession: () => undefined,
    /** Clears roles, token, breadcrumb and cookies; provided by the app. */
    clearSession: () => undefined,
  },
  guards: {
    // A window shuts out everyone but the company's main accounts (the gateway says `exempt`) and
    // the login form the company asked for from the maintenance screen.
    maintenanceOn: ({ context, event }) =>
      event.type === 'MAINTENANCE.CHECKED' && closesOut(event.maintenance) && !(context.companyEntry && context.session === null),
    maintenanceOff: ({ event }) => event.type === 'MAINTENANCE.CHECKED' && !closesOut(event.maintenance),
    mustChangePassword: ({ context }) => mustChangePassword(context.session),
    isSubAccount: ({ context }) => isSubAccount(context.session),
    hasCaptcha: ({ context }) => context.captcha !== null,
    /** The gateway asks no captcha at sign-in (the site's setting, or CAPTCHA=off there). */
    captchaOff: ({ context }) => context.site?.captcha === false,
  },
  delays: {
    inactivity: ({ context }) => (context.site?.idleTimeout ?? DEFAULT_INACTIVITY_MS / 1000) * 1000,
    captchaRefresh: ({ context }) => (context.captcha ? captchaRefreshDelay(context.captcha.expiresAt, Date.now()) : CAPTCHA_LIFETIME_MS),
  },
}).createMachine({
  id: 'session',
  context: {
    site: null,
    maintenance: null,
    session: null,
    profile: null,
    captcha: null,
    error: null,
    reason: null,
    pending: null,
    companyEntry: false,
  },
  initial: 'booting',
  on: {
    'SITE.CHANGED': {
      guard: ({ context }) => context.site !== null,
      actions: assign({ site: ({ context, event }) => ({ ...context.site!, ...event.site }) }),
    },
  },
  states: {
    booting: {
      invoke: {
        id: 'loadSite',
        src: 'loadSite',
        onDone: [
          {
            guard: ({ event }) => event.output.site.isBlock,
            target: 'blocked',
            actions: assign({ site: ({ event }) => event.output.site }),
          },
          {
            guard: ({ event }) => closesOut(event.output.maintenance),
            target: 'maintenance',
            actions: assign({ site: ({ event }) => event.output.site, maintenance: ({ event }) => event.output.maintenance }),
          },
          {
            target: 'open',
            actions: assign({ site: ({ event }) => event.output.site, maintenance: ({ event }) => event.output.maintenance }),
          },
        ],
        onError: { target: 'unreachable', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
      },
    },
    /** The gateway could not be reached: a clear message and a retry. */
    unreachable: {
      on: { RETRY: { target: 'booting', actions: assign({ error: null }) } },
    },
    blocked: {},
    maintenance: {
      entry: assign({ companyEntry: false }),
      invoke: { src: 'pollMaintenance' },
      on: {
        'MAINTENANCE.CHECKED': [
          { guard: 'maintenanceOff', target: 'open', actions: assign({ maintenance: ({ event }) => event.maintenance }) },
          { actions: assign({ maintenance: ({ event }) => event.maintenance }) },
        ],
        'MAINTENANCE.COMPANY_SIGN_IN': { target: 'open', actions: assign({ companyEntry: true }) },
      },
    },
    open: {
      // The open site keeps watching its maintenance window, signed in or not.
      invoke: { src: 'pollMaintenance' },
      on: {
        'MAINTENANCE.CHECKED': [
          { guard: 'maintenanceOn', target: 'maintenance', actions: assign({ maintenance: ({ event }) => event.maintenance }) },
          {
            // The company's entry lasts as long as the window it was asked for.
            actions: assign({
              maintenance: ({ event }) => event.maintenance,
              companyEntry: ({ context, event }) => context.companyEntry && event.maintenance.flag === 1,
            }),
          },
        ],
      },
      initial: 'restoring',
      states: {
        restoring: {
          invoke: {
            id: 'restoreSession',
            src: 'restoreSession',
            onDone: [
              {
                guard: ({ event }) => event.output !== null && 'session' in event.output,
                target: 'signedIn',
                actions: assign(({ event }) => {
                  const { session, profile } = event.output as { session: LoginResult; profile: Profile | null };
                  return { session: withoutUnfetchedCodes(session), profile };
                }),
              },
              {
                guard: ({ event }) => event.output !== null && 'ended' in event.output,
                target: 'signedOut',
                actions: assign({ reason: ({ event }) => (event.output as { ended: SessionEndReason }).ended }),
              },
              { target: 'signedOut' },
            ],
            onError: { target: 'signedOut' },
          },
        },
        signedOut: {
          id: 'signedOut',
          entry: ['clearSession', assign({ session: null, profile: null })],
          initial: 'loadingCaptcha',
          states: {
            loadingCaptcha: {
              always: { guard: 'captchaOff', target: 'ready', actions: assign({ captcha: null }) },
              invoke: {
                id: 'loadCaptcha',
                src: 'loadCaptcha',
                onDone: { target: 'ready', actions: assign({ captcha: ({ event }) => event.output }) },
                onError: { target: 'ready', actions: assign({ captcha: null, error: ({ event }) => errorOf(event.error) }) },
              },
            },
            ready: {
              // An idle page never keeps a stale captcha, so a correctly typed code is not refused.
              after: { captchaRefresh: { guard: 'hasCaptcha', target: 'loadingCaptcha' } },
              on: {
                'LOGIN.SUBMIT': {
                  target: 'submitting',
                  actions: assign({
                    error: null,
                    reason: null,
                    pending: ({ event }) => {
                      const { password: _password, ...rest } = event.credentials;
                      return rest;
                    },
                  }),
                },
                'CAPTCHA.REFRESH': { target: 'loadingCaptcha' },
              },
            },
            submitting: {
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ event }) => (event as Extract<SessionEvent, { type: 'LOGIN.SUBMIT' }>).credentials,
                onDone: {
                  target: '#signedIn',
                  actions: [assign({ session: ({ event }) => withoutUnfetchedCodes(event.output), pending: null }), 'persistSession'],
                },
                // A refused sign-in used the captcha up: a new one comes with the message.
                onError: { target: 'loadingCaptcha', actions: assign({ error: ({ event }) => errorOf(event.error), pending: null }) },
              },
            },
          },
        },
        signedIn: {
          id: 'signedIn',
          initial: 'checking',
          on: {
            'SESSION.EXPIRED': { target: '#signedOut', actions: assign({ reason: 'expired' }) },
            'PASSWORD.CHANGED': {
              target: '#signedOut',
              actions: assign({ reason: ({ event }) => (event.secret === 'safeCode' ? 'safe-code-changed' : 'password-changed') }),
            },
          },
          states: {
            checking: {
              always: [
                { guard: 'mustChangePassword', target: 'changingPassword' },
                { guard: 'isSubAccount', target: 'loadingAccessCodes' },
                { target: 'loadingProfile' },
              ],
            },
            /** A sub-account past its first sign-in fetches its codes before anything is offered (docs/product.md#sub-accounts). */
            loadingAccessCodes: {
              invoke: {
                id: 'loadAccessCodes',
                src: 'loadAccessCodes',
                onDone: {
                  target: 'loadingProfile',
                  actions: assign({ session: ({ context, event }) => withCodes(context.session, event.output) }),
                },
                onError: { target: '#signedOut', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
              },
            },
            changingPassword: {
              initial: 'editing',
              on: { 'LOGOUT.REQUEST': 'loggingOut' },
              states: {
                editing: {
                  on: { 'PASSWORD.SUBMIT': { target: 'submitting', actions: assign({ error: null }) } },
                },
                submitting: {
                  invoke: {
                    id: 'changePassword',
                    src: 'changePassword',
                    input: ({ event }) => (event as Extract<SessionEvent, { type: 'PASSWORD.SUBMIT' }>).password,
                    // The gateway ended every session of the account: sign in again with the new password.
                    onDone: { target: '#signedOut', actions: assign({ reason: 'password-changed' }) },
                    onError: { target: 'editing', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
                  },
                },
              },
            },
            loadingProfile: {
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                onDone: { target: 'active', actions: assign({ profile: ({ event }) => event.output }) },
                onError: { target: '#signedOut', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
              },
            },
            active: {
              after: { inactivity: { target: '#signedOut', actions: assign({ reason: 'timeout' }) } },
              on: {
                ACTIVITY: { target: 'active', reenter: true },
                'LOGOUT.REQUEST': 'confirmingLogout',
                'PROFILE.REFRESH': 'refreshingProfile',
              },
            },
            refreshingProfile: {
              invoke: {
                id: 'refreshProfile',
                src: 'loadProfile',
                onDone: [
                  { guard: 'isSubAccount', target: 'refreshingAccessCodes', actions: assign({ profile: ({ event }) => event.output }) },
                  { target: 'active', actions: assign({ profile: ({ event }) => event.output }) },
                ],
                onError: { target: 'active' },
              },
            },
            /** The main account may have changed a sub-account's codes since: a refresh takes them too. */
            refreshingAccessCodes: {
              invoke: {
                id: 'refreshAccessCodes',
                src: 'loadAccessCodes',
                onDone: {
                  target: 'active',
                  actions: assign({ session: ({ context, event }) => withCodes(context.session, event.output) }),
                },
                onError: { target: 'active' },
              },
            },
            confirmingLogout: {
              on: { 'LOGOUT.CONFIRM': 'loggingOut', 'LOGOUT.CANCEL': 'active' },
            },
            loggingOut: {
              invoke: {
                id: 'logout',
                src: 'logout',
                onDone: { target: '#signedOut', actions: assign({ reason: 'logout' }) },
                onError: { target: '#signedOut', actions: assign({ reason: 'logout' }) },
              },
            },
          },
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
