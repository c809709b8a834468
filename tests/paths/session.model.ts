import { and, assign, setup, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Captcha, Credentials, LoginResult, MaintenanceInfo, Profile, SiteInfo } from '../../machines/session.machine';

/**
 * The session as docs/product.md describes it, written by hand: the screens a person
 * sees (states) and what a person or the world does there (events). It is not derived from
 * machines/session.machine.ts: tests/unit/session-paths.test.ts walks this model and checks at
 * each step that the real machine (fake actors, fake clock) shows the same screen with the same
 * facts, and tests/e2e/session-paths.e2e.test.ts walks it through the built app in Chromium.
 *
 * Each rule names its section of docs/product.md. The state names are the app's screens as the
 * session machine names them, so that "the same state" is a plain comparison.
 */
export type SiteMode = 'open' | 'maintenance' | 'blocked';

/** Logins the model uses: a demo agent, an account that must change its password, and a name that does not exist. */
export const MODEL_LOGINS = { ok: 'ma01', forced: 'forced01', unknown: 'nobody01' } as const;
export const MODEL_PASSWORD = 'Admin123';
export const MODEL_NEW_PASSWORD = 'Changed_123';
export const MODEL_SAFE_CODE = '1234';
/** The refusal of a wrong name or password (2218, docs/product.md#sign-in). */
export const WRONG_LOGIN_ERROR = { code: 2218, message: 'Username or password wrong' };

export const maintenanceInfo = (flag: 0 | 1): MaintenanceInfo => ({
  flag,
  startTime: flag ? '2026-01-01T00:00:00.000Z' : null,
  endTime: flag ? '2099-01-01T00:00:00.000Z' : null,
  beijing: { startTime: flag ? '2026-01-01 08:00:00' : null, endTime: flag ? '2099-01-01 08:00:00' : null },
  exempt: false,
});

export const captcha: Captcha = {
  captchaId: '00000000-0000-4000-8000-000000000000',
  image: 'data:image/svg+xml;base64,',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

const credentials = (loginId: string): Credentials => ({
  loginId,
  password: MODEL_PASSWORD,
  captchaId: captcha.captchaId,
  captchaCode: 'abcd',
  safeCode: MODEL_SAFE_CODE,
});

/** What happens to the session: a person's actions (the machine's own events) and the world's (the site as it loads, time passing). */
export type ModelEvent =
  /** The app has asked the gateway for its site: open, under maintenance, or blocking this visitor's IP. */
  | { type: 'SITE.LOADED'; mode: SiteMode }
  | { type: 'LOGIN.SUBMIT'; credentials: Credentials }
  | { type: 'CAPTCHA.REFRESH' }
  | { type: 'PASSWORD.SUBMIT'; password: { newPassword: string; confirmPassword: string } }
  | { type: 'LOGOUT.REQUEST' }
  | { type: 'LOGOUT.CONFIRM' }
  | { type: 'LOGOUT.CANCEL' }
  /** The maintenance poll's answer. */
  | { type: 'MAINTENANCE.CHECKED'; maintenance: MaintenanceInfo }
  /** The site's inactivity timeout passes without a person doing anything. */
  | { type: 'IDLE.TIMEOUT' };

export const INACTIVITY_EVENT = 'IDLE.TIMEOUT';

/** What a screen shows of the session besides itself. */
export interface ModelContext {
  /** Who is signed in (the top bar's name), or null. */
  loginId: string | null;
  /** The catalogue code of the last refusal shown on the login form. */
  error: number | null;
  /** Why the person is back at the login form. */
  reason: 'timeout' | 'logout' | 'password-changed' | null;
  /** Whether the session is kept in the cookies. */
  cookie: boolean;
}

const signedOut = (reason: ModelContext['reason']) =>
  assign<ModelContext, ModelEvent, undefined, ModelEvent, never>({ loginId: null, cookie: false, reason });

const sessionModelMachine = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    isMode: ({ event }, mode: SiteMode) => event.type === 'SITE.LOADED' && event.mode === mode,
    loginIs: ({ event }, loginId: string) => event.type === 'LOGIN.SUBMIT' && event.credentials.loginId === loginId,
    windowOn: ({ event }) => event.type === 'MAINTENANCE.CHECKED' && event.maintenance.flag === 1,
    windowOff: ({ event }) => event.type === 'MAINTENANCE.CHECKED' && event.maintenance.flag === 0,
    sessionKept: ({ context }) => context.cookie,
  },
}).createMachine({
  id: 'sessionModel',
  context: { loginId: null, error: null, reason: null, cookie: false },
  initial: 'booting',
  states: {
    booting: {
      on: {
        'SITE.LOADED': [
          // docs/product.md#maintenance-and-ip-block: an IP-blocked screen with the visitor's IP and region.
          { guard: { type: 'isMode', params: 'blocked' }, target: 'blocked' },
          // docs/product.md#maintenance-and-ip-block: maintenance flag 1 shows the maintenance screen in place of the app.
          { guard: { type: 'isMode', params: 'maintenance' }, target: 'maintenance' },
          // docs/product.md#routes-and-menu: without a token only /login is allowed.
          { target: '#sessionModel.open.signedOut.ready' },
        ],
      },
    },
    // docs/product.md#maintenance-and-ip-block: the IP block shows its screen in place of the app; nothing leads out of it.
    blocked: {},
    maintenance: {
      on: {
        'MAINTENANCE.CHECKED': [
          // Otherwise (flag 0) the maintenance screen is hidden; docs/product.md#session: the session
          // kept in the cookies is still there, so a signed-in person is back in the app.
          { guard: and(['windowOff', 'sessionKept']), target: '#sessionModel.open.signedIn.active' },
          { guard: { type: 'windowOff' }, target: '#sessionModel.open.signedOut.ready' },
          // Still on: the screen stays.
          {},
        ],
      },
    },
    open: {
      initial: 'signedOut',
      on: {
        // docs/product.md#maintenance-and-ip-block: maintenance is checked every 10 s, signed in or not; flag 1 shows its screen.
        'MAINTENANCE.CHECKED': { guard: { type: 'windowOn' }, target: 'maintenance' },
      },
      states: {
        signedOut: {
          initial: 'ready',
          states: {
            // docs/product.md#sign-in: name, password, captcha and the 4-digit safe code.
            ready: {
              on: {
                'LOGIN.SUBMIT': [
                  // docs/product.md#sign-in: 2218 username or password wrong, shown on the form; the
                  // sign-in used the captcha up, a new one comes with the message.
                  {
                    guard: { type: 'loginIs', params: MODEL_LOGINS.unknown },
                    target: 'ready',
                    actions: assign({ error: 2218, reason: null }),
                  },
                  // docs/product.md#sign-in: forcePwdUpdate '1' allows only /changePass until done; docs/product.md#session: the session is kept in cookies.
                  {
                    guard: { type: 'loginIs', params: MODEL_LOGINS.forced },
                    target: '#sessionModel.open.signedIn.changingPassword.editing',
                    actions: assign({ loginId: MODEL_LOGINS.forced, error: null, reason: null, cookie: true }),
                  },
                  // With a token, roles are loaded and the app opens; docs/product.md#session: kept in cookies.
                  {
                    target: '#sessionModel.open.signedIn.active',
                    actions: assign({ loginId: ({ event }) => event.credentials.loginId, error: null, reason: null, cookie: true }),
                  },
                ],
                // docs/product.md#sign-in: the captcha image can be renewed; the form keeps what it shows.
                'CAPTCHA.REFRESH': { target: 'ready' },
              },
            },
          },
        },
        signedIn: {
          initial: 'active',
          states: {
            changingPassword: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    // docs/product.md#session: a password change ends every session of the account: sign in again.
                    'PASSWORD.SUBMIT': { target: '#sessionModel.open.signedOut.ready', actions: signedOut('password-changed') },
                  },
                },
              },
            },
            active: {
              on: {
                // docs/product.md#layout: logout asks for confirmation.
                'LOGOUT.REQUEST': { target: 'confirmingLogout' },
                // docs/product.md#session, docs/product.md#system-settings: inactivity returns to the login form (and the session ends).
                'IDLE.TIMEOUT': { target: '#sessionModel.open.signedOut.ready', actions: signedOut('timeout') },
              },
            },
            confirmingLogout: {
              on: {
                // Then goes to /login; logout clears the token and the cookies.
                'LOGOUT.CONFIRM': { target: '#sessionModel.open.signedOut.ready', actions: signedOut('logout') },
                'LOGOUT.CANCEL': { target: 'active' },
              },
            },
          },
        },
      },
    },
  },
});

export type ModelSnapshot = SnapshotFrom<typeof sessionModelMachine>;

/**
 * What may happen on each screen. Only user events and the world's events are offered; a state
 * the model has no event for (blocked) ends a path.
 */
export function modelEvents(snapshot: ModelSnapshot): ModelEvent[] {
  const { context } = snapshot;
  const fresh = context.error === null && context.reason === null;
  if (snapshot.matches('booting')) return (['open', 'maintenance', 'blocked'] as const).map((mode) => ({ type: 'SITE.LOADED', mode }));
  if (snapshot.matches('maintenance')) {
    return [
      { type: 'MAINTENANCE.CHECKED', maintenance: maintenanceInfo(0) },
      { type: 'MAINTENANCE.CHECKED', maintenance: maintenanceInfo(1) },
    ];
  }
  if (snapshot.matches({ open: { signedOut: 'ready' } })) {
    return [
      { type: 'LOGIN.SUBMIT', credentials: credentials(MODEL_LOGINS.ok) },
      { type: 'LOGIN.SUBMIT', credentials: credentials(MODEL_LOGINS.forced) },
      { type: 'LOGIN.SUBMIT', credentials: credentials(MODEL_LOGINS.unknown) },
      { type: 'CAPTCHA.REFRESH' },
      // A window opening over the login form: from a fresh form only, to keep the model small.
      ...(fresh ? [{ type: 'MAINTENANCE.CHECKED', maintenance: maintenanceInfo(1) } as const] : []),
    ];
  }
  if (snapshot.matches({ open: { signedIn: { changingPassword: 'editing' } } })) {
    return [{ type: 'PASSWORD.SUBMIT', password: { newPassword: MODEL_NEW_PASSWORD, confirmPassword: MODEL_NEW_PASSWORD } }];
  }
  if (snapshot.matches({ open: { signedIn: 'active' } })) {
    return [
      { type: 'LOGOUT.REQUEST' },
      { type: 'IDLE.TIMEOUT' },
      { type: 'MAINTENANCE.CHECKED', maintenance: maintenanceInfo(1) },
      { type: 'MAINTENANCE.CHECKED', maintenance: maintenanceInfo(0) },
    ];
  }
  if (snapshot.matches({ open: { signedIn: 'confirmingLogout' } })) return [{ type: 'LOGOUT.CONFIRM' }, { type: 'LOGOUT.CANCEL' }];
  return [];
}

/** The state a snapshot is in, written like the machine's state ids ("open.signedOut.ready"). */
export function stateKey(snapshot: { value: unknown }): string {
  const walk = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([key, child]) => `${key}.${walk(child)}`)
          .join(',');
  return walk(snapshot.value);
}

/** The facts a step is checked on: the screen, who is signed in, the refusal and the reason shown, the cookie. */
export type SessionFacts = [state: string, loginId: string | null, error: number | null, reason: string | null, cookie: boolean];
export const modelFacts = (snapshot: ModelSnapshot): SessionFacts => {
  const { loginId, error, reason, cookie } = snapshot.context;
  return [stateKey(snapshot), loginId, error, reason, cookie];
};

/** The model as xstate/graph walks it: states are the same when their facts are. */
export const sessionTestModel = createTestModel(sessionModelMachine, {
  events: modelEvents,
  // xstate/graph also offers, bare, every other event type a state handles (a parent's too): only the model's own pass.
  filterEvents: (snapshot, event) => modelEvents(snapshot).some((offered) => JSON.stringify(offered) === JSON.stringify(event)),
  serializeState: ((snapshot: ModelSnapshot) => JSON.stringify(modelFacts(snapshot))) as never,
});

export type ModelStep = { event: ModelEvent; state: ModelSnapshot };
export type ModelPath = { state: ModelSnapshot; steps: ModelStep[] };

/**
 * Paths that together take every transition of the model: for each state the model reaches
 * and each event offered there, the shortest path to the state plus that event. Shortest
 * paths alone miss the events that lead back to a state seen before (cancelling the logout).
 */
export function everyTransitionPaths(): ModelPath[] {
  const shortest = new Map<string, ModelPath>();
  for (const path of sessionTestModel.getShortestPaths({ allowDuplicatePaths: true })) {
    shortest.set(JSON.stringify(modelFacts(path.state)), path as unknown as ModelPath);
  }
  const paths: ModelPath[] = [];
  for (const { state, transitions } of Object.values(sessionTestModel.getAdjacencyMap())) {
    const to = shortest.get(JSON.stringify(modelFacts(state)));
    if (!to) continue;
    for (const next of Object.values(transitions) as unknown as ModelStep[]) {
      paths.push({ state: next.state, steps: [...to.steps, { event: next.event, state: next.state }] });
    }
  }
  return paths;
}

export const eventName = (event: ModelEvent): string => {
  if (event.type === 'SITE.LOADED') return `${event.type}(${event.mode})`;
  if (event.type === 'LOGIN.SUBMIT') return `${event.type}(${event.credentials.loginId})`;
  if (event.type === 'MAINTENANCE.CHECKED') return `${event.type}(${event.maintenance.flag})`;
  return event.type;
};

/** A short test name for a path: where it ends and the events that lead there. */
export function pathName(path: { state: ModelSnapshot; steps: { event: ModelEvent }[] }): string {
  return `${stateKey(path.state)} ⇐ ${path.steps
    .slice(1)
    .map(({ event }) => eventName(event))
    .join(' → ')}`;
}

/* How the world answers the session machine's calls, for the runs with fake actors. */

export const siteInfo = (mode: SiteMode): SiteInfo => ({
  ui: 'black',
  isBlock: mode === 'blocked',
  fromIp: '127.0.0.1',
  location: 'Local network',
  title: 'Demo',
  sn: 'demo',
  login: 'default',
  captcha: true,
  currency: 'CNY',
  logo: '',
  idleTimeout: 1800,
});

export const loginResult = (loginId: string): LoginResult => ({
  sessionId: `token-of-${loginId}-0123456789`,
  loginId,
  userId: '1',
  forcePwdUpdate: loginId === MODEL_LOGINS.forced ? '1' : '0',
  sn: 'demo',
  status: 1,
  sessionType: 1,
  isMain: true,
  level: 0,
  firstLogin: '0',
  teamStatus: 1,
  mainUserId: '1',
  accessCode: [1, 2, 3, 4, 5, 6, 7, 8, 11],
});

export const profileOf = (loginId: string): Profile => ({
  userId: '1',
  loginId,
  nickname: loginId,
  name: '',
  phone: '',
  tel: '',
  wechat: '',
  level: 0,
  parentId: null,
  status: 1,
  teamStatus: 1,
  lineStatus: 1,
  exclusion: null,
  agentCommisionRate: 100,
  validAmountRate: 1.2,
  balance: '10000000.00',
  pointLimit: '100000000.00',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  betPaused: false,
  betStopped: false,
  winBlocked: false,
  exceptionMarked: false,
  online: true,
  loginLocked: false,
  maxWin: '0.00',
  gameSettings: [],
});
