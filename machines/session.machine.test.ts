import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { allAccessCodes, SESSION_TYPE_SUB, sessionEndReasons as contractEndReasons } from '../contract/auth.contract';
import {
  CAPTCHA_LIFETIME_MS,
  MAIN_ACCOUNT_CODES,
  SUB_ACCOUNT_SESSION_TYPE,
  parseAccessCodes,
  captchaRefreshDelay,
  sessionEndReasons,
  sessionMachine,
  type Captcha,
  type Credentials,
  type LoginResult,
  type MaintenanceInfo,
  type Profile,
  type RestoredSession,
  type SiteInfo,
} from './session.machine';

const site = { isBlock: false } as SiteInfo;
const maintenance = { flag: 0 } as MaintenanceInfo;

/** The session machine on the login page, with a fake gateway whose captchas live 2 minutes like the real one's. */
function loginPage(login?: ReturnType<typeof fromPromise<LoginResult, Credentials>>, siteAnswer: SiteInfo = site) {
  const issued: Captcha[] = [];
  const submitted: Credentials[] = [];
  const machine = sessionMachine.provide({
    actors: {
      loadSite: fromPromise<{ site: SiteInfo; maintenance: MaintenanceInfo }>(async () => ({ site: siteAnswer, maintenance })),
      restoreSession: fromPromise<RestoredSession>(async () => null),
      loadCaptcha: fromPromise(async () => {
        const captcha = {
          captchaId: `captcha-${issued.length + 1}`,
          image: 'data:image/svg+xml;base64,',
          expiresAt: new Date(Date.now() + CAPTCHA_LIFETIME_MS).toISOString(),
        };
        issued.push(captcha);
        return captcha;
      }),
      login: fromPromise<LoginResult, Credentials>(async ({ input }) => {
        submitted.push(input);
        const captcha = issued.find((one) => one.captchaId === input.captchaId);
        if (!captcha || Date.parse(captcha.expiresAt) <= Date.now()) throw { code: 2240, message: 'Verification code error' };
        throw { code: 2218, message: 'stop here: the captcha was accepted' };
      }),
    },
  });
  const actor = createActor(login ? machine.provide({ actors: { login } }) : machine).start();
  return { actor, issued, submitted };
}

const idle = (actor: ReturnType<typeof loginPage>['actor']) => waitFor(actor, (state) => state.matches({ open: { signedOut: 'ready' } }));

describe('session machine: the captcha of an idle login page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T08:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches a fresh captcha shortly before the shown one expires, and again for each one', async () => {
    const { actor, issued } = loginPage();
    await vi.advanceTimersByTimeAsync(0);
    await idle(actor);
    expect(issued).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(100_000);
    expect(issued).toHaveLength(1);
    expect(actor.getSnapshot().context.captcha?.captchaId).toBe('captcha-1');

    await vi.advanceTimersByTimeAsync(10_000);
    expect(issued).toHaveLength(2);
    expect(actor.getSnapshot().context.captcha?.captchaId).toBe('captcha-2');
    expect(Date.parse(issued[0]!.expiresAt)).toBeGreaterThan(Date.now());

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(issued.length).toBeGreaterThanOrEqual(7);
    expect(issued.length).toBeLessThanOrEqual(8);
    actor.stop();
  });

  it('never lets a code typed after a long idle time meet an expired captcha', async () => {
    const { actor, submitted } = loginPage();
    await vi.advanceTimersByTimeAsync(0);
    await idle(actor);
    await vi.advanceTimersByTimeAsync(7 * 60_000 + 30_000);
    const shown = actor.getSnapshot().context.captcha!;
    expect(Date.parse(shown.expiresAt)).toBeGreaterThan(Date.now());
    actor.send({
      type: 'LOGIN.SUBMIT',
      credentials: { loginId: 'admin', password: 'Admin123', captchaId: shown.captchaId, captchaCode: 'abcd', safeCode: '1234' },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(submitted).toHaveLength(1);
    expect(actor.getSnapshot().context.error?.code).toBe(2218);
    actor.stop();
  });

  it('fetches no captcha when the gateway asks none (CAPTCHA=off or the site’s setting), not after a refused sign-in either', async () => {
    const { actor, issued, submitted } = loginPage(undefined, { ...site, captcha: false });
    await vi.advanceTimersByTimeAsync(0);
    await idle(actor);
    actor.send({
      type: 'LOGIN.SUBMIT',
      credentials: { loginId: 'admin', password: 'Admin123', captchaId: '', captchaCode: '', safeCode: '1234' },
    });
    await vi.advanceTimersByTimeAsync(0);
    await idle(actor);
    expect(submitted).toHaveLength(1);
    expect(actor.getSnapshot().context.error?.code).toBe(2240);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(issued).toHaveLength(0);
    expect(actor.getSnapshot().context.captcha).toBeNull();
    actor.stop();
  });

  it('keeps the captcha while a sign-in is on its way', async () => {
    const { actor, issued } = loginPage(fromPromise<LoginResult, Credentials>(() => new Promise(() => undefined)));
    await vi.advanceTimersByTimeAsync(0);
    await idle(actor);
    actor.send({
      type: 'LOGIN.SUBMIT',
      credentials: { loginId: 'admin', password: 'Admin123', captchaId: 'captcha-1', captchaCode: 'abcd', safeCode: '1234' },
    });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(actor.getSnapshot().matches({ open: { signedOut: 'submitting' } })).toBe(true);
    expect(issued).toHaveLength(1);
    actor.stop();
  });
});

describe('captcha refresh delay', () => {
  const now = Date.parse('2026-03-02T08:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('is 15 s before the expiry the gateway gave', () => {
    expect(captchaRefreshDelay(at(120_000), now)).toBe(105_000);
    expect(captchaRefreshDelay(at(60_000), now)).toBe(45_000);
  });

  it('is at most the lifetime minus the margin when the browser clock is behind', () => {
    expect(captchaRefreshDelay(at(120_000 + 3_600_000), now)).toBe(105_000);
  });

  it('waits at least 10 s when the browser clock is ahead, instead of fetching in a loop', () => {
    expect(captchaRefreshDelay(at(-3_600_000), now)).toBe(10_000);
    expect(captchaRefreshDelay(at(20_000), now)).toBe(10_000);
  });
});

describe('session machine: a sub-account and its access codes', () => {
  const profile = { userId: '1', loginId: 'admin', level: 0 } as Profile;
  const signIn: Credentials = { loginId: 'clerk01', password: 'Admin123', captchaId: 'c', captchaCode: 'abcd', safeCode: '1234' };
  const result = (overrides: Partial<LoginResult>): LoginResult => ({
    sessionId: 'token-0123456789',
    loginId: 'clerk01',
    userId: '900',
    mainUserId: '1',
    forcePwdUpdate: '0',
    sn: 'demo',
    status: 1,
    sessionType: 9,
    isMain: false,
    level: 0,
    firstLogin: '0',
    teamStatus: 1,
    accessCode: [1, 2, 3, 4, 5, 6, 7, 8, 11],
    ...overrides,
  });

  /** The machine with a gateway whose sub-account holds `codes`; `restored` is what the cookies bring back. */
  function app(options: { login?: LoginResult; restored?: LoginResult; codes: () => Promise<number[]> }) {
    const fetched: number[][] = [];
    const machine = sessionMachine.provide({
      actors: {
        loadSite: fromPromise<{ site: SiteInfo; maintenance: MaintenanceInfo }>(async () => ({ site, maintenance })),
        restoreSession: fromPromise<RestoredSession>(async () => (options.restored ? { session: options.restored, profile } : null)),
        loadCaptcha: fromPromise<Captcha>(async () => ({ captchaId: 'c', image: '', expiresAt: '2099-01-01T00:00:00.000Z' })),
        login: fromPromise<LoginResult, Credentials>(async () => options.login ?? result({})),
        loadProfile: fromPromise<Profile>(async () => profile),
        loadAccessCodes: fromPromise<number[]>(async () => {
          const codes = await options.codes();
          fetched.push(codes);
          return codes;
        }),
      },
    });
    return { actor: createActor(machine).start(), fetched };
  }

  const codesOf = (actor: ReturnType<typeof app>['actor']) => actor.getSnapshot().context.session?.accessCode;
  const active = (actor: ReturnType<typeof app>['actor']) => waitFor(actor, (state) => state.matches({ open: { signedIn: 'active' } }));

  it('reads the session type and the codes as the contract has them', () => {
    expect(SUB_ACCOUNT_SESSION_TYPE).toBe(SESSION_TYPE_SUB);
    expect(MAIN_ACCOUNT_CODES).toEqual(allAccessCodes);
    expect(sessionEndReasons).toEqual(contractEndReasons);
    expect(parseAccessCodes('1,5')).toEqual([1, 5]);
    expect(parseAccessCodes(' 1 , 11 ,9,')).toEqual([1, 11]);
    expect(parseAccessCodes('')).toEqual([]);
  });

  it('holds no code after signing in until its own are fetched, then exactly those', async () => {
    let answer: (codes: number[]) => void = () => undefined;
    const { actor, fetched } = app({ codes: () => new Promise((resolve) => (answer = resolve)) });
    await waitFor(actor, (state) => state.matches({ open: { signedOut: 'ready' } }));
    actor.send({ type: 'LOGIN.SUBMIT', credentials: signIn });
    await waitFor(actor, (state) => state.matches({ open: { signedIn: 'loadingAccessCodes' } }));
    expect(codesOf(actor)).toEqual([]);
    answer([1, 5]);
    await active(actor);
    expect(codesOf(actor)).toEqual([1, 5]);
    expect(fetched).toEqual([[1, 5]]);
    actor.stop();
  });

  it('fetches the codes of a session the cookies bring back (they do not keep codes)', async () => {
    const { actor } = app({ restored: result({}), codes: async () => [1, 6] });
    await active(actor);
    expect(codesOf(actor)).toEqual([1, 6]);
    actor.stop();
  });

  it('takes changed codes when the profile is refreshed', async () => {
    let codes = [1, 5];
    const { actor } = app({ restored: result({}), codes: async () => codes });
    await active(actor);
    codes = [1, 5, 6];
    actor.send({ type: 'PROFILE.REFRESH' });
    await waitFor(actor, (state) => state.matches({ open: { signedIn: 'active' } }) && codesOf(actor)!.length === 3);
    expect(codesOf(actor)).toEqual([1, 5, 6]);
    actor.stop();
  });

  it('returns to the login form with the refusal when its codes cannot be fetched', async () => {
    const { actor } = app({
      restored: result({}),
      codes: () => Promise.reject({ code: 11003, message: 'Operation not authorized' }),
    });
    await waitFor(actor, (state) => state.matches({ open: 'signedOut' }));
    expect(actor.getSnapshot().context.error?.code).toBe(11003);
    expect(actor.getSnapshot().context.session).toBeNull();
    actor.stop();
  });

  it('fetches nothing at the first sign-in (its password and safe code come first) nor for a main account', async () => {
    const first = app({ login: result({ firstLogin: '1' }), codes: async () => [1] });
    await waitFor(first.actor, (state) => state.matches({ open: { signedOut: 'ready' } }));
    first.actor.send({ type: 'LOGIN.SUBMIT', credentials: signIn });
    await waitFor(first.actor, (state) => state.matches({ open: { signedIn: 'changingPassword' } }));
    expect(first.fetched).toEqual([]);
    expect(codesOf(first.actor)).toEqual([]);
    first.actor.stop();

    const main = app({ login: result({ sessionType: 1, isMain: true, userId: '1' }), codes: async () => [1] });
    await waitFor(main.actor, (state) => state.matches({ open: { signedOut: 'ready' } }));
    main.actor.send({ type: 'LOGIN.SUBMIT', credentials: { ...signIn, loginId: 'admin' } });
    await active(main.actor);
    expect(main.fetched).toEqual([]);
    expect(codesOf(main.actor)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 11]);
    main.actor.stop();
  });
});

describe('session machine: a maintenance window shuts out all but the company', () => {
  const on = { flag: 1, exempt: false } as MaintenanceInfo;
  const onButExempt = { flag: 1, exempt: true } as MaintenanceInfo;
  const off = { flag: 0, exempt: false } as MaintenanceInfo;
  const agent = { sessionId: 'token-agent-0123456', loginId: 'ag01', userId: '5', level: 4, sessionType: 1 } as LoginResult;
  const company = { sessionId: 'token-admin-0123456', loginId: 'admin', userId: '1', level: 0, sessionType: 1 } as LoginResult;

  /** The app with cookies holding `restored`, a gateway that signs `signsIn` in, and a poll the test answers. */
  function app(options: { first: MaintenanceInfo; restored: LoginResult | null; signsIn?: LoginResult }) {
    let poll: (maintenance: MaintenanceInfo) => void = () => undefined;
    const machine = sessionMachine.provide({
      actors: {
        loadSite: fromPromise<{ site: SiteInfo; maintenance: MaintenanceInfo }>(async () => ({ site, maintenance: options.first })),
        restoreSession: fromPromise<RestoredSession>(async () =>
          options.restored ? { session: options.restored, profile: { level: options.restored.level } as Profile } : null,
        ),
        loadCaptcha: fromPromise<Captcha>(async () => ({ captchaId: 'c', image: '', expiresAt: '2099-01-01T00:00:00.000Z' })),
        login: fromPromise<LoginResult, Credentials>(async () => {
          if (!options.signsIn) throw { code: 2250, message: 'maintenance' };
          return options.signsIn;
        }),
        loadProfile: fromPromise<Profile>(async () => ({ level: 0 }) as Profile),
        pollMaintenance: fromCallback(({ sendBack }) => {
          poll = (maintenance) => sendBack({ type: 'MAINTENANCE.CHECKED', maintenance });
        }),
      },
    });
    const actor = createActor(machine).start();
    return { actor, poll: (maintenance: MaintenanceInfo) => poll(maintenance) };
  }
  type App = ReturnType<typeof app>;
  const reach = (actor: App['actor'], state: Parameters<ReturnType<App['actor']['getSnapshot']>['matches']>[0]) =>
    waitFor(actor, (snapshot) => snapshot.matches(state));
  const credentials: Credentials = { loginId: 'admin', password: 'Admin123', captchaId: 'c', captchaCode: 'abcd', safeCode: '1234' };

  it('takes a signed-in agent to the maintenance screen and back into its session after the window', async () => {
    const { actor, poll } = app({ first: off, restored: agent });
    await reach(actor, { open: { signedIn: 'active' } });
    poll(on);
    await reach(actor, 'maintenance');
    poll(on);
    expect(actor.getSnapshot().matches('maintenance')).toBe(true);
    poll(off);
    await reach(actor, { open: { signedIn: 'active' } });
    expect(actor.getSnapshot().context.session?.loginId).toBe('ag01');
    actor.stop();
  });

  it('takes the title, logo and idle timeout the company just saved, in its session, without a reload', async () => {
    const { actor } = app({ first: onButExempt, restored: company });
    await reach(actor, { open: { signedIn: 'active' } });
    actor.send({ type: 'SITE.CHANGED', site: { title: 'Casino Nine', logo: '/site-logo/0123456789abcdef', idleTimeout: 900 } });
    expect(actor.getSnapshot().context.site).toEqual({
      ...site,
      title: 'Casino Nine',
      logo: '/site-logo/0123456789abcdef',
      idleTimeout: 900,
    });
    expect(actor.getSnapshot().matches({ open: { signedIn: 'active' } })).toBe(true);
    actor.stop();
  });

  it('keeps a company main account in, with the window known for its banner', async () => {
    const { actor, poll } = app({ first: onButExempt, restored: company });
    await reach(actor, { open: { signedIn: 'active' } });
    poll(onButExempt);
    expect(actor.getSnapshot().matches({ open: { signedIn: 'active' } })).toBe(true);
    expect(actor.getSnapshot().context.maintenance?.flag).toBe(1);
    actor.stop();
  });

  it('opens the login form for the company from the maintenance screen, and lets its sign-in in', async () => {
    const { actor, poll } = app({ first: on, restored: null, signsIn: company });
    await reach(actor, 'maintenance');
    actor.send({ type: 'MAINTENANCE.COMPANY_SIGN_IN' });
    await reach(actor, { open: { signedOut: 'ready' } });
    // The poll without a session is not exempt, yet the form the company asked for stays.
    poll(on);
    expect(actor.getSnapshot().matches({ open: { signedOut: 'ready' } })).toBe(true);
    actor.send({ type: 'LOGIN.SUBMIT', credentials });
    await reach(actor, { open: { signedIn: 'active' } });
    poll(onButExempt);
    expect(actor.getSnapshot().matches({ open: { signedIn: 'active' } })).toBe(true);
    actor.stop();
  });

  it('shows the refusal of an agent who tries that form, and the screen again once the company entry is gone', async () => {
    const { actor, poll } = app({ first: on, restored: null });
    await reach(actor, 'maintenance');
    actor.send({ type: 'MAINTENANCE.COMPANY_SIGN_IN' });
    await reach(actor, { open: { signedOut: 'ready' } });
    actor.send({ type: 'LOGIN.SUBMIT', credentials: { ...credentials, loginId: 'ag01' } });
    await waitFor(actor, (snapshot) => snapshot.context.error?.code === 2250);
    expect(actor.getSnapshot().matches({ open: 'signedOut' })).toBe(true);
    // After the window the form is an ordinary one; the next window closes it again.
    poll(off);
    poll(on);
    await reach(actor, 'maintenance');
    actor.stop();
  });
});

describe('a session its upline ended', () => {
  it('opens the login with why, as the reload kept it, and forgets it at the next sign-in', async () => {
    const machine = sessionMachine.provide({
      actors: {
        loadSite: fromPromise<{ site: SiteInfo; maintenance: MaintenanceInfo }>(async () => ({
          site: { ...site, captcha: false },
          maintenance,
        })),
        restoreSession: fromPromise<RestoredSession>(async () => ({ ended: 'line-frozen' })),
        login: fromPromise<LoginResult, Credentials>(async () => {
          throw { code: 2218, message: 'Wrong' };
        }),
        pollMaintenance: fromCallback(() => () => undefined),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (state) => state.matches({ open: { signedOut: 'ready' } }));
    expect(actor.getSnapshot().context.reason).toBe('line-frozen');
    actor.send({ type: 'LOGIN.SUBMIT', credentials: { loginId: 'ga01', password: 'x', captchaId: '', captchaCode: '', safeCode: '1234' } });
    expect(actor.getSnapshot().context.reason).toBeNull();
    actor.stop();
  });
});
