import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { afterEventType, toTestMachine } from './model-machine';
import {
  sessionMachine,
  type Captcha,
  type LoginResult,
  type MaintenanceInfo,
  type Profile,
  type SessionEvent,
  type SiteInfo,
} from '../../machines/session.machine';

/**
 * The world the session machine talks to, as the model-based tests see it. The machine's
 * graph only knows user events and actor answers; this file decides which answers are
 * consistent with what happened before (the credentials typed, the site's state), so that
 * the same paths can run against fake actors and against the real app and gateway.
 */
export type SiteMode = 'open' | 'maintenance' | 'blocked';

/** Logins the model uses: a demo agent (a window shuts it out, unlike the company), an account that must change its password, and a name that does not exist. */
export const MODEL_LOGINS = { ok: 'ma01', forced: 'forced01', unknown: 'nobody01' } as const;
export const MODEL_PASSWORD = 'Admin123';
export const MODEL_NEW_PASSWORD = 'Changed_123';
export const MODEL_SAFE_CODE = '1234';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

const maintenanceInfo = (flag: 0 | 1): MaintenanceInfo => ({
  flag,
  startTime: flag ? '2026-01-01T00:00:00.000Z' : null,
  endTime: flag ? '2099-01-01T00:00:00.000Z' : null,
  beijing: { startTime: flag ? '2026-01-01 08:00:00' : null, endTime: flag ? '2099-01-01 08:00:00' : null },
  exempt: false,
});

export const siteInfo = (mode: SiteMode): SiteInfo => ({
  ui: 'black',
  isBlock: mode === 'blocked',
  fromIp: '127.0.0.1',
  location: 'Local network',
  title: 'Demo',
  sn: 'demo',
  login: 'default',
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

export const captcha: Captcha = {
  captchaId: '00000000-0000-4000-8000-000000000000',
  image: 'data:image/svg+xml;base64,',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

/** Answers of the actors, as events the graph can follow. */
export const done = (id: string, output?: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const WRONG_LOGIN_ERROR = { code: 2218, message: 'Username or password wrong' };

/** Delayed event of the inactivity timeout in the signed-in app. */
export const INACTIVITY_EVENT = afterEventType('inactivity', 'signedIn.active');

const credentials = (loginId: string) => ({
  loginId,
  password: MODEL_PASSWORD,
  captchaId: captcha.captchaId,
  captchaCode: 'abcd',
  safeCode: MODEL_SAFE_CODE,
});

/**
 * The events the world offers in each state: what a user may do there, and how the gateway
 * answers what is in flight. Only stable screens offer user events.
 */
export function worldEvents(snapshot: Snapshot): AnyEventObject[] {
  const { context } = snapshot;
  if (snapshot.matches('booting'))
    return (['open', 'maintenance', 'blocked'] as const).map((mode) =>
      done('loadSite', { site: siteInfo(mode), maintenance: maintenanceInfo(mode === 'maintenance' ? 1 : 0) }),
    );
  if (snapshot.matches('maintenance')) return [{ type: 'MAINTENANCE.CHECKED', maintenance: maintenanceInfo(0) }];
  if (snapshot.matches({ open: 'restoring' })) {
    // After a maintenance break, a signed-in user's cookie brings the session back.
    return [done('restoreSession', context.session ? { session: context.session, profile: null } : null)];
  }
  if (snapshot.matches({ open: { signedOut: 'loadingCaptcha' } })) return [done('loadCaptcha', captcha)];
  if (snapshot.matches({ open: { signedOut: 'ready' } })) {
    return [
      { type: 'LOGIN.SUBMIT', credentials: credentials(MODEL_LOGINS.ok) },
      { type: 'LOGIN.SUBMIT', credentials: credentials(MODEL_LOGINS.forced) },
      { type: 'LOGIN.SUBMIT', credentials: credentials(MODEL_LOGINS.unknown) },
      { type: 'CAPTCHA.REFRESH' },
    ];
  }
  if (snapshot.matches({ open: { signedOut: 'submitting' } })) {
    const loginId = context.pending?.loginId ?? '';
    return [loginId === MODEL_LOGINS.unknown ? failed('login', WRONG_LOGIN_ERROR) : done('login', loginResult(loginId))];
  }
  if (snapshot.matches({ open: { signedIn: { changingPassword: 'editing' } } })) {
    return [{ type: 'PASSWORD.SUBMIT', password: { newPassword: MODEL_NEW_PASSWORD, confirmPassword: MODEL_NEW_PASSWORD } }];
  }
  if (snapshot.matches({ open: { signedIn: { changingPassword: 'submitting' } } })) return [done('changePassword')];
  if (snapshot.matches({ open: { signedIn: 'loadingProfile' } })) return [done('loadProfile', profileOf(context.session?.loginId ?? ''))];
  if (snapshot.matches({ open: { signedIn: 'active' } })) {
    return [{ type: 'LOGOUT.REQUEST' }, { type: INACTIVITY_EVENT }, { type: 'MAINTENANCE.CHECKED', maintenance: maintenanceInfo(1) }];
  }
  if (snapshot.matches({ open: { signedIn: 'confirmingLogout' } })) return [{ type: 'LOGOUT.CONFIRM' }, { type: 'LOGOUT.CANCEL' }];
  if (snapshot.matches({ open: { signedIn: 'loggingOut' } })) return [done('logout')];
  return [];
}

/** States count as the same when their value, the login in flight or signed in, the last error and the reason agree. */
export function serializeSessionState(snapshot: Snapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    context.pending?.loginId ?? context.session?.loginId ?? null,
    context.error?.code ?? null,
    context.reason,
  ]);
}

/** The session machine as a test model: invocations and delays become the events they send. */
export const sessionTestModel = createTestModel(toTestMachine(sessionMachine), {
  events: worldEvents as (snapshot: Snapshot) => SessionEvent[],
  // createTestModel also offers every other event a state handles, without payload: only the world's own pass.
  filterEvents: (snapshot, event) => worldEvents(snapshot as Snapshot).some((offered) => JSON.stringify(offered) === JSON.stringify(event)),
  serializeState: serializeSessionState as never,
});

/** The state a step ends in, written like the machine's state ids ("open.signedOut.ready"). */
export function stateKey(snapshot: Snapshot): string {
  const walk = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${k}.${walk(v)}`)
          .join(',');
  return walk(snapshot.value);
}

/** A short test name for a path: where it ends and the events that lead there. */
export function pathName(path: { state: Snapshot; steps: { event: AnyEventObject }[] }): string {
  const events = path.steps
    .slice(1)
    .map(({ event }) => {
      const loginId = (event as { credentials?: { loginId: string } }).credentials?.loginId;
      const flag = (event as { maintenance?: { flag: number } }).maintenance?.flag;
      const name = event.type
        .replace('xstate.done.actor.', '✓')
        .replace('xstate.error.actor.', '✗')
        .replace(/^xstate\.after\.([a-z]+)\..*$/, '⏱$1');
      return loginId ? `${name}(${loginId})` : flag !== undefined ? `${name}(${flag})` : name;
    })
    .join(' → ');
  return `${stateKey(path.state)} ⇐ ${events}`;
}
