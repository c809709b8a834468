import { assign, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { generatePaths, modelGraph, type MachinePaths, type Runner } from './path-model';
import type { Product } from './product';

/*
 * A notice's life, written by hand from PRODUCT.md "Notices" (a draft is published, waits for
 * its start, is sent inside its window, is complete after its end; revoking returns a waiting or
 * sending notice to draft; only a draft is edited; a draft or a complete notice is deleted) and
 * spec §8 (20011 illegal operation, 37160 a window whose end has passed). Every action is
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

/** Through the gateway, as the company "admin": a notice per path, its window a few seconds ahead on the product's real clock. */
function gatewayRunner(product: Product): Runner {
  return {
    async start() {
      const opsId = await product.session('admin');
      const start = Date.now() + WINDOW_SECONDS * 1000;
      const end = start + WINDOW_SECONDS * 1000;
      const fields = {
        kind: 'site',
        title: { zh: '路径通知', en: 'Path notice', th: 'ประกาศ' },
        content: { zh: '<p>路径</p>', en: '<p>Path</p>', th: '<p>เส้นทาง</p>' },
        startTime: new Date(start).toISOString(),
        endTime: new Date(end).toISOString(),
        level: null,
      };
      const added = await product.call('gw.credit.notice.add', { opsId, ...fields });
      if (added.error) throw new Error(`cannot add the path's notice: ${added.error.code} ${added.error.message}`);
      const noticeId = (added.result as { noticeId: string }).noticeId;
      const methods = { PUBLISH: 'gw.credit.notice.publish', REVOKE: 'gw.credit.notice.revoke', DELETE: 'gw.credit.notice.delete' };
      let answer = 'ok';
      return {
        async act(step) {
          const type = step.raw.event.type as NoticeEvent['type'];
          // A margin past the instant, for the product's clock and the round trip.
          if (type === 'START_REACHED') return sleep(start + 400 - Date.now());
          if (type === 'END_REACHED') return sleep(end + 400 - Date.now());
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

let cached: ReturnType<typeof generatePaths> | undefined;
export const noticeLifecyclePaths: MachinePaths = {
  name: 'notice-lifecycle',
  title: "A notice's life: draft, waiting, sending, complete, deleted, with every action offered in every state",
  sources: 'tests/paths/notice-lifecycle.paths.ts, from PRODUCT.md "Notices" and spec §8',
  paths: () => (cached ??= generatePaths(testModel as never, names as never)),
  states: () => modelGraph(testModel as never, names as never).states,
  transitions: () => modelGraph(testModel as never, names as never).transitions,
  leavesOut: {},
  runners: { gateway: gatewayRunner },
};
