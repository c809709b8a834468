import { fromCallback, fromPromise } from 'xstate';
import {
  MAINTENANCE_POLL_MS,
  SUB_ACCOUNT_SESSION_TYPE,
  parseAccessCodes,
  sessionMachine,
  type Credentials,
  type NewPassword,
  type Profile,
  type SessionEvent,
} from '@machines/session.machine';
import { call } from '@/api/gateway-client';
import { clearSession, saveSession, savedSession, takeSessionEndReason } from '@/lib/session-cookies';

async function loadProfile(): Promise<Profile> {
  const [profile, finance] = await Promise.all([call('gw.credit.user.profile', {}), call('system.finance.isvisit', {})]);
  return { ...profile, financeVisible: finance.isVisit };
}

/** The session machine with the app's real actors: the gateway, the cookies, a 10 s maintenance poll. */
export const appSessionMachine = sessionMachine.provide({
  actors: {
    loadSite: fromPromise(async () => {
      const [site, maintenance] = await Promise.all([call('gw.credit.sn.template.get', {}), call('sn.agent.maintain', {})]);
      return { site, maintenance };
    }),
    restoreSession: fromPromise(async () => {
      const session = savedSession();
      if (!session) {
        const ended = takeSessionEndReason();
        return ended ? { ended } : null;
      }
      try {
        // A forced password change allows no profile read yet: the cookies tell what is needed.
        if (session.forcePwdUpdate === '1' || session.firstLogin === '1') return { session, profile: null };
        const profile = await loadProfile();
        return {
          session: {
            ...session,
            // A sub-account's profile is its main account's: the name signed in stays its own.
            loginId: session.sessionType === SUB_ACCOUNT_SESSION_TYPE ? session.loginId : profile.loginId,
            level: profile.level,
            status: profile.status,
            teamStatus: profile.teamStatus,
          },
          profile,
        };
      } catch {
        return null;
      }
    }),
    loadCaptcha: fromPromise(async () => {
      const captcha = await call('gw.credit.captcha.check', {});
      if (!('captchaId' in captcha)) throw new Error('no captcha');
      return { captchaId: captcha.captchaId, image: captcha.image, expiresAt: captcha.expiresAt };
    }),
    login: fromPromise(async ({ input }: { input: Credentials }) => call('gw.credit.agent.login', { ...input })),
    loadProfile: fromPromise(loadProfile),
    loadAccessCodes: fromPromise(async () => {
      const own = await call('gw.credit.subaccount.get', {});
      return parseAccessCodes(own.accessCode);
    }),
    changePassword: fromPromise(async ({ input }: { input: NewPassword }) => {
      await call('gw.credit.user.password.force.update', { ...input });
    }),
    logout: fromPromise(async () => {
      await call('gw.credit.agent.logout', {});
    }),
    pollMaintenance: fromCallback<SessionEvent>(({ sendBack }) => {
      const timer = setInterval(() => {
        call('sn.agent.maintain', {}).then(
          (maintenance) => sendBack({ type: 'MAINTENANCE.CHECKED', maintenance }),
          () => undefined,
        );
      }, MAINTENANCE_POLL_MS);
      return () => clearInterval(timer);
    }),
  },
  actions: {
    persistSession: ({ context }) => {
      if (context.session) saveSession(context.session, context.site?.logo ?? '');
    },
    clearSession: () => clearSession(),
  },
});
