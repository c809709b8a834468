import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { scoreTransferMachine, type TransferRequest, type TransferResult } from '../../machines/score-transfer.machine';
import { closeApp, openSignedIn } from '../support/app-page';
import { ScoreTransferPage } from '../support/pages/score-transfer-page';
import { addPathAgent } from './account-status.paths';
import { embeddedOnly, readUntilShown, sharedBrowser } from './browser-runs';
import { generatePaths, modelGraph, type MachinePaths, type Runner } from './path-model';
import type { Product } from './product';

/*
 * The set-score dialog (a score up from ma01 to an agent below it), written by hand from
 * docs/product.md#score-up-and-down (confirm before moving points; the amount's refusals shown on
 * the amount field; 20003 the target's status forbids a score, 20030 above the target's point
 * limit) and docs/product.md#request-keys (a retry sends the same request key, so points move once). It is not
 * derived from machines/score-transfer.machine.ts: the gateway runner drives that machine with
 * its real gateway call and compares its state and the target's balance with this model.
 * "submitting" is passed through inside CONFIRM and RETRY: a step waits until it is left. The
 * gateway's refusal is checked where the dialog shows it (failed); the machine keeps it in its
 * context after a successful retry, which no screen shows.
 */
type Amount = 'empty' | 'ok' | 'over' | 'bad';
interface Dialog {
  amount: Amount;
  fieldError: 'none' | 'amount-format' | '20030';
  error: 'none' | '20003';
  targetOpen: boolean;
  /** Score ups applied to the target since the path started. */
  moved: number;
}
export const AMOUNTS: Record<Amount, string> = { empty: '', ok: '10.00', over: '1500.00', bad: 'abc' };
/** The point limit of the path's target: the "over" amount is above it. */
const TARGET_POINT_LIMIT = '1000.00';

type DialogEvent =
  | { type: 'ENTER'; amount: Exclude<Amount, 'empty'> }
  | { type: 'SUBMIT' | 'CONFIRM' | 'CANCEL' | 'RETRY' | 'NEW' }
  /** The world: ma01 disables or enables the target in another tab. */
  | { type: 'TARGET.DISABLE' | 'TARGET.ENABLE' };

const model = setup({ types: { context: {} as Dialog, events: {} as DialogEvent } }).createMachine({
  id: 'scoreTransferModel',
  context: { amount: 'empty', fieldError: 'none', error: 'none', targetOpen: true, moved: 0 },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ENTER: { actions: assign(({ event }) => ({ amount: event.amount, fieldError: 'none' as const, error: 'none' as const })) },
        SUBMIT: [
          { guard: ({ context }) => context.amount === 'ok' || context.amount === 'over', target: 'confirming' },
          { actions: assign({ fieldError: 'amount-format' as const }) },
        ],
        'TARGET.DISABLE': { actions: assign({ targetOpen: false }) },
      },
    },
    confirming: {
      on: {
        // What the gateway makes of the confirmed transfer: an amount refusal goes back to the field.
        CONFIRM: [
          { guard: ({ context }) => context.amount === 'over', target: 'editing', actions: assign({ fieldError: '20030' as const }) },
          { guard: ({ context }) => !context.targetOpen, target: 'failed', actions: assign({ error: '20003' as const }) },
          { target: 'done', actions: assign({ moved: ({ context }) => context.moved + 1 }) },
        ],
        CANCEL: 'editing',
      },
    },
    failed: {
      on: {
        // The same request again: applied once the target is open.
        RETRY: [
          { guard: ({ context }) => !context.targetOpen, target: 'failed' },
          { target: 'done', actions: assign({ moved: ({ context }) => context.moved + 1, error: 'none' as const }) },
        ],
        'TARGET.ENABLE': { actions: assign({ targetOpen: true }) },
        ENTER: { target: 'editing', actions: assign(({ event }) => ({ amount: event.amount, error: 'none' as const })) },
      },
    },
    done: { on: { NEW: { target: 'editing', actions: assign({ amount: 'empty' as const }) } } },
  },
});

type Snapshot = { value: unknown; context: Dialog };
/** What may happen where: kept small (two transfers at most, the target closed only with a valid amount). */
function events(snapshot: Snapshot): DialogEvent[] {
  const { value, context } = snapshot;
  if (value === 'editing') {
    const amounts = (['ok', 'over', 'bad'] as const).filter(
      (amount) => amount !== context.amount && (context.targetOpen || amount !== 'over'),
    );
    const offered: DialogEvent[] = [...amounts.map((amount) => ({ type: 'ENTER' as const, amount })), { type: 'SUBMIT' }];
    if (context.amount === 'ok' && context.targetOpen) offered.push({ type: 'TARGET.DISABLE' });
    return offered;
  }
  if (value === 'confirming') return [{ type: 'CONFIRM' }, { type: 'CANCEL' }];
  if (value === 'failed') return [{ type: 'RETRY' }, context.targetOpen ? { type: 'ENTER', amount: 'ok' } : { type: 'TARGET.ENABLE' }];
  if (value === 'done') return context.moved < 2 ? [{ type: 'NEW' }] : [];
  return [];
}

const testModel = createTestModel(model, {
  events: events as never,
  // xstate/graph also offers, bare, every other event a state handles: only the model's own pass.
  filterEvents: ((snapshot: Snapshot, event: DialogEvent) =>
    events(snapshot).some((offered) => JSON.stringify(offered) === JSON.stringify(event))) as never,
});
const names = {
  eventName: (event: DialogEvent) => (event.type === 'ENTER' ? `ENTER(${AMOUNTS[event.amount]})` : event.type),
  stateName: ({ value }: Snapshot) => String(value),
  shows: ({ value, context }: Snapshot) =>
    `${String(value)}; amount field ${context.fieldError}; error ${value === 'failed' ? context.error : 'none'}; target +${(context.moved * 10).toFixed(2)}`,
};

/** ma01 adds the path's target, an agent with a small point limit, and reads its balance through the gateway. */
async function addTarget(product: Product) {
  const { opsId, userId, read } = await addPathAgent(product, 'ps', TARGET_POINT_LIMIT);
  const balance = async () => Number((await read()).balance);
  const start = await balance();
  /** The world: ma01 disables or enables the target in another tab. */
  const setOpen = async (type: 'TARGET.DISABLE' | 'TARGET.ENABLE') => {
    const method = type === 'TARGET.DISABLE' ? 'gw.credit.user.disable' : 'gw.credit.user.enable';
    const answer = await product.call(method, { opsId, userId });
    if (answer.error) throw new Error(`${method}: ${answer.error.code}`);
  };
  return { opsId, userId, setOpen, moved: async () => `+${((await balance()) - start).toFixed(2)}` };
}

/** The real machine, its transfer made through the gateway as the app makes it; the target's balance read with account.search. */
function gatewayRunner(product: Product, overrides?: { guards?: Record<string, unknown> }): Runner {
  return {
    async start() {
      const { opsId, userId, setOpen, moved } = await addTarget(product);
      const machine = scoreTransferMachine.provide({
        actors: {
          submitTransfer: fromPromise<TransferResult, TransferRequest>(async ({ input }) => {
            const { userId: target, amount, comment, requestKey } = input;
            const answer = await product.call('gw.credit.user.score.up', { opsId, userId: target, amount, comment, requestKey });
            if (answer.error) throw answer.error;
            return answer.result as TransferResult;
          }),
        },
        ...(overrides?.guards ? { guards: overrides.guards as never } : {}),
      });
      const actor = createActor(machine, { input: { userId } }).start();
      const settled = () => waitFor(actor, (snapshot) => !snapshot.matches('submitting'), { timeout: 10_000 });
      // The form's amount, as the screen's form holds it: the machine is told of a change and gets the values on SUBMIT.
      let amount = AMOUNTS.empty;
      return {
        async act(step) {
          const event = step.raw.event as DialogEvent;
          if (event.type === 'TARGET.DISABLE' || event.type === 'TARGET.ENABLE') return setOpen(event.type);
          if (event.type === 'ENTER') {
            amount = AMOUNTS[event.amount];
            actor.send({ type: 'EDIT' });
          } else if (event.type === 'SUBMIT') actor.send({ type: 'SUBMIT', values: { direction: 'up', amount, comment: '' } });
          else {
            // The screen empties its form for another transfer.
            if (event.type === 'NEW') amount = AMOUNTS.empty;
            actor.send({ type: event.type });
          }
          await settled();
        },
        async seen() {
          const snapshot = await settled();
          const { fieldErrors, error } = snapshot.context;
          return `${String(snapshot.value)}; amount field ${fieldErrors.amount ?? 'none'}; error ${(snapshot.matches('failed') && error?.code) || 'none'}; target ${await moved()}`;
        },
        close: async () => void actor.stop(),
      };
    },
  };
}

/**
 * The set-score screen of the built app in Chromium, signed in as ma01 (embedded product only):
 * each event a click or a typed amount, the state, the amount field's problem and the error read
 * off the screen (messages mapped back to their codes), the target's points through the gateway.
 */
function browserRunner(product: Product): Runner {
  const browsers = sharedBrowser(product);
  return {
    async start() {
      const gw = embeddedOnly(product, 'a browser path');
      const { userId, setOpen, moved } = await addTarget(product);
      const page = await openSignedIn(await browsers.get(), gw, 'ma01');
      const screen = new ScoreTransferPage(page);
      await screen.open(userId);
      const read = async () => {
        const state = await screen.state();
        return `${state}; amount field ${await screen.amountProblem()}; error ${await screen.errorShown()}; target ${await moved()}`;
      };
      return {
        async act(step) {
          const event = step.raw.event as DialogEvent;
          if (event.type === 'TARGET.DISABLE' || event.type === 'TARGET.ENABLE') await setOpen(event.type);
          else if (event.type === 'ENTER') await screen.enterAmount(AMOUNTS[event.amount]);
          else if (event.type === 'SUBMIT') await screen.submit();
          else if (event.type === 'CONFIRM') await screen.confirm();
          else if (event.type === 'CANCEL') await screen.cancel();
          else if (event.type === 'RETRY') await screen.retry();
          else await screen.again();
        },
        seen: (step) => readUntilShown(page, step.shows, read),
        close: () => closeApp(page),
      };
    },
    close: browsers.close,
  };
}

// docs/product.md#score-up-and-down: the screen reads the target's point limit when it opens and refuses a score above it before confirming.
const overOnScreen =
  "the screen refuses an amount above the point limit on the field before any confirmation (20030 on SUBMIT): the gateway's refusal after CONFIRM is the gateway runner's";
let cached: ReturnType<typeof generatePaths> | undefined;
export const scoreTransferPaths: MachinePaths = {
  name: 'score-transfer',
  title: 'The set-score dialog: amount, confirmation, the gateway’s answer, a retry that moves points once',
  sources: 'tests/paths/score-transfer.paths.ts, from docs/product.md#score-up-and-down and #request-keys',
  paths: () => (cached ??= generatePaths(testModel as never, names as never)),
  states: () => modelGraph(testModel as never, names as never).states,
  transitions: () => modelGraph(testModel as never, names as never).transitions,
  leavesOut: {
    browser: {
      'editing —ENTER(1500.00)→ editing': overOnScreen,
      'confirming —CONFIRM→ editing': overOnScreen,
    },
  },
  runners: { gateway: gatewayRunner, browser: browserRunner },
};
