import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine';
import { INACTIVITY_EVENT, MODEL_LOGINS, pathName, serializeSessionState, sessionTestModel, stateKey } from '../support/session-model';

const paths = sessionTestModel.getShortestPaths();
const ACTOR_ANSWER = /^xstate\.(done|error)\.actor\.(.+)$/;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Runs one model path on the real machine with fake actors: each actor waits until the path
 * says how the world answers it; user events are sent as they are; the inactivity timeout
 * passes on a simulated clock. After every step the live state must equal the model's.
 */
async function runPath(steps: { event: AnyEventObject; state: Parameters<typeof serializeSessionState>[0] }[]) {
  const waiting = new Map<string, Pending>();
  const answer = (id: string) => new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
  const clock = new SimulatedClock();
  const persisted: string[] = [];
  const machine = sessionMachine.provide({
    actors: {
      loadSite: fromPromise(() => answer('loadSite')) as never,
      restoreSession: fromPromise(() => answer('restoreSession')) as never,
      loadCaptcha: fromPromise(() => answer('loadCaptcha')) as never,
      login: fromPromise(() => answer('login')) as never,
      loadProfile: fromPromise(() => answer('loadProfile')) as never,
      changePassword: fromPromise(() => answer('changePassword')) as never,
      logout: fromPromise(() => answer('logout')) as never,
      pollMaintenance: fromCallback(() => () => undefined),
    },
    actions: {
      persistSession: ({ context }) => void persisted.push(context.session?.loginId ?? ''),
      clearSession: () => void persisted.push('cleared'),
    },
  });
  const actor = createActor(machine, { clock }).start();
  try {
    for (const step of steps) {
      const expected = serializeSessionState(step.state);
      const match = ACTOR_ANSWER.exec(step.event.type);
      if (step.event.type === 'xstate.init') {
        // The machine starts in the model's first state.
      } else if (match) {
        const pending = waiting.get(match[2]!);
        expect(pending, `the machine should be waiting for ${match[2]}`).toBeDefined();
        waiting.delete(match[2]!);
        if (match[1] === 'done') pending!.resolve((step.event as { output?: unknown }).output);
        else pending!.reject((step.event as { error?: unknown }).error);
      } else if (step.event.type === INACTIVITY_EVENT) {
        clock.increment(actor.getSnapshot().context.site!.idleTimeout * 1000);
      } else {
        actor.send(step.event as SessionEvent);
      }
      await waitFor(actor, (snapshot) => serializeSessionState(snapshot) === expected, { timeout: 1000 }).catch(() => {
        throw new Error(`after ${step.event.type}: expected ${expected}, got ${serializeSessionState(actor.getSnapshot())}`);
      });
    }
    return { snapshot: actor.getSnapshot(), persisted };
  } finally {
    actor.stop();
  }
}

describe('session machine: model paths with fake actors', () => {
  it('has paths to every screen of the model', () => {
    const ends = paths.map((path) => stateKey(path.state));
    expect(ends).toEqual(expect.arrayContaining(['blocked', 'maintenance', 'open.restoring', 'open.signedOut.ready']));
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateKey(step.state))));
    for (const state of ['open.signedIn.active', 'open.signedIn.confirmingLogout', 'open.signedIn.changingPassword.editing']) {
      expect(visited, state).toContain(state);
    }
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const { snapshot, persisted } = await runPath(path.steps as never);
      expect(serializeSessionState(snapshot)).toBe(serializeSessionState(path.state));
      const signedIn = path.steps.some((step) => (step.event.type as string) === 'xstate.done.actor.login');
      if (signedIn) expect(persisted.filter((entry) => entry !== 'cleared').length).toBeGreaterThan(0);
    });
  }
});

describe('session machine: details the paths do not reach', () => {
  it('keeps the wrong-login message on the form with a new captcha', async () => {
    const path = paths.find((p) =>
      p.steps.some((s) => (s.event as { credentials?: { loginId: string } }).credentials?.loginId === MODEL_LOGINS.unknown),
    )!;
    const { snapshot } = await runPath(path.steps as never);
    expect(snapshot.context.error).toEqual({ code: 2218, message: 'Username or password wrong' });
    expect(snapshot.context.captcha).not.toBeNull();
    expect(snapshot.context.pending).toBeNull();
  });

  it('cancelling the logout confirmation returns to the app', async () => {
    const toConfirm = paths
      .flatMap((p) => p.steps.map((s, i) => ({ p, i, key: stateKey(s.state) })))
      .find((x) => x.key === 'open.signedIn.confirmingLogout')!;
    const steps = toConfirm.p.steps.slice(0, toConfirm.i + 1);
    const active = steps[toConfirm.i - 1]!.state;
    await runPath([...steps, { event: { type: 'LOGOUT.CANCEL' }, state: active }] as never);
  });
});
