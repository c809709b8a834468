import { assign, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { closeApp, openSignedIn } from '../support/app-page';
import { NoticeListPage } from '../support/pages/notice-list-page';
import { embeddedOnly, readUntilShown, sharedBrowser } from './browser-runs';
import { generatePaths, modelGraph, transitionOf, type MachinePaths, type Runner } from './path-model';
import type { Product } from './product';

/*
 * A notice's life, written by hand from docs/product.md#notices (a draft is published, waits for
 * its start, is sent inside its window, is complete after its end; revoking returns a waiting or
 * sending notice to draft; only a draft is edited; a draft or a complete notice is deleted;
 * 20011 illegal operation, 37160 a window whose end has passed). Every action is
 * offered in every state, so the refusals are paths too. It is not derived from
 * machines/notice-lifecycle.machine.ts, which the gateway runs to take or refuse an action.
 * Time is two events: the window's start and its end pass (on the real clock, a few seconds).
 */
type Status = 'draft' | 'waiting' | 'sending' | 'complete' | 'deleted';
type Phase = 'before' | 'inside' | 'after';
interface Notice {
  status: Status;
  phase: Phase;
  answer: 'ok' | 'refused 20011' | 'refused 37160';
}
const ACTIONS = ['PUBLISH', 'EDIT', 'REVOKE', 'DELETE'] as const;
type NoticeEvent = { type: (typeof ACTIONS)[number] | 'START_REACHED' | 'END_REACHED' };

const published: Record<Phase, Status> = { before: 'waiting', inside: 'sending', after: 'complete' };

function apply(notice: Notice, type: NoticeEvent['type']): Notice {
  const ok = (status: Status): Notice => ({ ...notice, status, answer: 'ok' });
  const refused = { ...notice, answer: 'refused 20011' as const };
  if (type === 'START_REACHED') return { ...notice, phase: 'inside', status: notice.status === 'waiting' ? 'sending' : notice.status };
  if (type === 'END_REACHED') return { ...notice, phase: 'after', status: notice.status === 'sending' ? 'complete' : notice.status };
  switch (notice.status) {
    case 'draft':
      if (type === 'PUBLISH') return notice.phase === 'after' ? { ...notice, answer: 'refused 37160' } : ok(published[notice.phase]);
      if (type === 'EDIT') return ok('draft');
      if (type === 'DELETE') return ok('deleted');
      return refused;
    case 'waiting':
    case 'sending':
      return type === 'REVOKE' ? ok('draft') : refused;
    case 'complete':
      return type === 'DELETE' ? ok('deleted') : refused;
    default:
      return notice;
  }
}

const model = setup({ types: { context: {} as Notice, events: {} as NoticeEvent } }).createMachine({
  id: 'noticeModel',
  context: { status: 'draft', phase: 'before', answer: 'ok' },
  on: Object.fromEntries(
    [...ACTIONS, 'START_REACHED', 'END_REACHED'].map((type) => [
      type,
      { actions: assign(({ context }) => apply(context, type as NoticeEvent['type'])) },
    ]),
  ),
});

type Snapshot = { context: Notice };
function events({ context }: Snapshot): NoticeEvent[] {
  // A deleted notice is gone: nothing more happens to it.
  if (context.status === 'deleted') return [];
  return [
    ...ACTIONS.map((type) => ({ type })),
    ...(context.phase === 'before' ? [{ type: 'START_REACHED' as const }] : []),
    ...(context.phase === 'inside' ? [{ type: 'END_REACHED' as const }] : []),
  ];
}
const testModel = createTestModel(model, {
  events: events as never,
  filterEvents: ((snapshot: Snapshot, event: NoticeEvent) => events(snapshot).some((offered) => offered.type === event.type)) as never,
});
const names = {
  eventName: (event: NoticeEvent) => event.type,
  stateName: ({ context }: Snapshot) => `${context.status}(${context.phase})`,
  shows: ({ context }: Snapshot) => `status ${context.status}; answer ${context.answer}`,
};

/** Seconds from a path's start to its notice's window start, and the window's length. */
export const WINDOW_SECONDS = 3;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The path's notice, added through the gateway as the company "admin", its window `lead` seconds ahead on the product's real clock. */
async function addNotice(product: Product, lead: number, title: string) {
  const opsId = await product.session('admin');
  const start = Date.now() + lead * 1000;
  const end = start + WINDOW_SECONDS * 1000;
  const fields = {
    kind: 'site',
    title: { zh: title, en: 'Path notice', th: 'ประกาศ' },
    content: { zh: '<p>路径</p>', en: '<p>Path</p>', th: '<p>เส้นทาง</p>' },
    startTime: new Date(start).toISOString(),
    endTime: new Date(end).toISOString(),
    level: null,
  };
  const added = await product.call('gw.credit.notice.add', { opsId, ...fields });
  if (added.error) throw new Error(`cannot add the path's notice: ${added.error.code} ${added.error.message}`);
  const noticeId = (added.result as { noticeId: string }).noticeId;
  // A margin past the instant, for the product's clock and the round trip.
  const passed = (type: NoticeEvent['type']) => sleep((type === 'START_REACHED' ? start : end) + 400 - Date.now());
  return { opsId, noticeId, fields, passed };
}

/** Through the gateway, as the company "admin": a notice per path, its window a few seconds ahead on the product's real clock. */
function gatewayRunner(product: Product): Runner {
  return {
    async start() {
      const { opsId, noticeId, fields, passed } = await addNotice(product, WINDOW_SECONDS, '路径通知');
      const methods = { PUBLISH: 'gw.credit.notice.publish', REVOKE: 'gw.credit.notice.revoke', DELETE: 'gw.credit.notice.delete' };
      let answer = 'ok';
      return {
        async act(step) {
          const type = step.raw.event.type as NoticeEvent['type'];
          if (type === 'START_REACHED' || type === 'END_REACHED') return passed(type);
          const result =
            type === 'EDIT'
              ? await product.call('gw.credit.notice.update', { opsId, noticeId, ...fields })
              : await product.call(methods[type], { opsId, noticeId });
          answer = result.error ? `refused ${result.error.code}` : 'ok';
        },
        async seen() {
          const detail = await product.call('gw.credit.notice.detail', { opsId, noticeId });
          const status = detail.error ? `gone (${detail.error.code})` : (detail.result as { status: string }).status;
          // 20049 record not found: the notice is gone.
          return `status ${status === 'gone (20049)' ? 'deleted' : status}; answer ${answer}`;
        },
        close: async () => undefined,
      };
    },
  };
}

/** In Chromium the window starts later: the page opens and clicks (a confirmation each) before the start passes. */
const BROWSER_LEAD_SECONDS = 6;
let titles = 0;

/**
 * The notice screen of the built app in Chromium, signed in as "admin" (embedded product only):
 * each action the row's button (publish, revoke and delete confirmed; edit through the editor,
 * saved as it stands), the status read off the row (gone: deleted), the answer off the toast.
 */
function browserRunner(product: Product): Runner {
  const browsers = sharedBrowser(product);
  return {
    async start() {
      const page = await openSignedIn(await browsers.get(), embeddedOnly(product, 'a browser path'), 'admin');
      const title = `路径通知 ${Date.now()}-${++titles}`;
      const { noticeId, passed } = await addNotice(product, BROWSER_LEAD_SECONDS, title);
      const screen = new NoticeListPage(page, noticeId, title);
      await screen.open();
      let answer = 'ok';
      const read = async () => `status ${await screen.status()}; answer ${answer}`;
      return {
        async act(step) {
          const type = step.raw.event.type as NoticeEvent['type'];
          if (type === 'START_REACHED' || type === 'END_REACHED') return passed(type);
          answer = await screen.act(type);
        },
        // The list derives the status on its own clock, once a second.
        seen: (step) => readUntilShown(page, step.shows, read),
        close: () => closeApp(page),
      };
    },
    close: browsers.close,
  };
}

/** Every refusal the model takes: the row offers only the actions the notice's state allows, so none is clicked in Chromium. */
function refusalsOffScreen(): Record<string, string> {
  const transitions = new Set(modelGraph(testModel as never, names as never).transitions);
  const out: Record<string, string> = {};
  for (const status of ['draft', 'waiting', 'sending', 'complete'] as const) {
    for (const phase of ['before', 'inside', 'after'] as const) {
      for (const action of ACTIONS) {
        const after = apply({ status, phase, answer: 'ok' }, action);
        const transition = transitionOf(`${status}(${phase})`, action, `${after.status}(${after.phase})`);
        if (after.answer !== 'ok' && transitions.has(transition)) {
          out[transition] =
            `the row does not offer ${action} to a ${status} notice ${phase} its window: the gateway's ${after.answer} is the gateway runner's`;
        }
      }
    }
  }
  return out;
}

let cached: ReturnType<typeof generatePaths> | undefined;
export const noticeLifecyclePaths: MachinePaths = {
  name: 'notice-lifecycle',
  title: "A notice's life: draft, waiting, sending, complete, deleted, with every action offered in every state",
  sources: 'tests/paths/notice-lifecycle.paths.ts, from docs/product.md#notices',
  paths: () => (cached ??= generatePaths(testModel as never, names as never)),
  states: () => modelGraph(testModel as never, names as never).states,
  transitions: () => modelGraph(testModel as never, names as never).transitions,
  leavesOut: { browser: refusalsOffScreen() },
  runners: { gateway: gatewayRunner, browser: browserRunner },
};
