import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import type { NoticeStatus, StoredNoticeStatus } from '../contract/notice-lifecycle.contract';

/**
 * The life of a notice (docs/product.md#notices): draft -> PUBLISH -> waiting (its start is ahead)
 * -> sending (inside its window) -> complete (after its end). REVOKE returns waiting or sending
 * to draft; EDIT only in draft; DELETE in draft or complete. The database keeps draft or
 * published: the rest is where the clock stands against the window, so every gateway process
 * and every screen derive the same state from the same row without a timer. The gateway takes
 * an action only if this machine takes it (20011), and the screens offer only what it takes.
 *
 * The clock is modelled as two events, START_REACHED and END_REACHED, so that the path tests
 * can walk time as well as the actions.
 */
export type NoticeEvent =
  { type: 'PUBLISH' } | { type: 'REVOKE' } | { type: 'EDIT' } | { type: 'DELETE' } | { type: 'START_REACHED' } | { type: 'END_REACHED' };

export type NoticeAction = 'PUBLISH' | 'REVOKE' | 'EDIT' | 'DELETE';
export const noticeActions: readonly NoticeAction[] = ['PUBLISH', 'EDIT', 'REVOKE', 'DELETE'];

/** Where the clock stands against the window [start, end). */
export type NoticePhase = 'before' | 'inside' | 'after';

export const noticeLifecycleMachine = setup({
  types: { events: {} as NoticeEvent, context: {} as { phase: NoticePhase }, input: {} as { phase: NoticePhase } },
  guards: {
    before: ({ context }) => context.phase === 'before',
    inside: ({ context }) => context.phase === 'inside',
  },
  actions: {
    startReached: assign({ phase: 'inside' as NoticePhase }),
    endReached: assign({ phase: 'after' as NoticePhase }),
  },
}).createMachine({
  id: 'noticeLifecycle',
  context: ({ input }) => ({ phase: input.phase }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        // Publishing after the end is refused (37160): neither branch takes it.
        PUBLISH: [
          { target: 'waiting', guard: 'before' },
          { target: 'sending', guard: 'inside' },
        ],
        EDIT: 'draft',
        DELETE: 'deleted',
        START_REACHED: { guard: 'before', actions: 'startReached' },
        END_REACHED: { guard: 'inside', actions: 'endReached' },
      },
    },
    waiting: { on: { REVOKE: 'draft', START_REACHED: { target: 'sending', actions: 'startReached' } } },
    sending: { on: { REVOKE: 'draft', END_REACHED: { target: 'complete', actions: 'endReached' } } },
    complete: { on: { DELETE: 'deleted' } },
    deleted: { type: 'final' },
  },
});

/** A notice as stored: what the machine reads. Times are instants (Date or ISO text). */
export interface NoticeFacts {
  stored: StoredNoticeStatus;
  startTime: Date | string;
  endTime: Date | string;
}

const ms = (time: Date | string) => (typeof time === 'string' ? Date.parse(time) : time.getTime());

export function noticePhase(facts: Pick<NoticeFacts, 'startTime' | 'endTime'>, now: Date): NoticePhase {
  const at = now.getTime();
  if (at < ms(facts.startTime)) return 'before';
  return at < ms(facts.endTime) ? 'inside' : 'after';
}

const publishedState = { before: 'waiting', inside: 'sending', after: 'complete' } as const;

/** The machine's state for a stored notice at `now`. */
export function noticeSnapshot(facts: NoticeFacts, now: Date): SnapshotFrom<typeof noticeLifecycleMachine> {
  const phase = noticePhase(facts, now);
  return noticeLifecycleMachine.resolveState({
    value: facts.stored === 'draft' ? 'draft' : publishedState[phase],
    context: { phase },
  });
}

export function noticeStatusOf(facts: NoticeFacts, now: Date): NoticeStatus {
  return noticeSnapshot(facts, now).value as NoticeStatus;
}

/** The actions the machine takes now, in a fixed order, for a screen to offer. */
export function allowedNoticeActions(facts: NoticeFacts, now: Date): NoticeAction[] {
  const snapshot = noticeSnapshot(facts, now);
  return noticeActions.filter((type) => snapshot.can({ type }));
}

/**
 * What an action does to a stored notice at `now`: the stored status after it ('deleted' when
 * it goes), or why it is refused: `ended` (a draft whose end has passed cannot be published,
 * 37160) or `illegal` (the machine does not take it in this state, 20011).
 */
export function applyNoticeAction(
  facts: NoticeFacts,
  now: Date,
  action: NoticeAction,
): { stored: StoredNoticeStatus | 'deleted'; status: NoticeStatus | 'deleted' } | { refused: 'ended' | 'illegal' } {
  const snapshot = noticeSnapshot(facts, now);
  if (!snapshot.can({ type: action })) {
    return { refused: action === 'PUBLISH' && snapshot.value === 'draft' && snapshot.context.phase === 'after' ? 'ended' : 'illegal' };
  }
  const [next] = transition(noticeLifecycleMachine, snapshot, { type: action });
  const status = next.value as NoticeStatus | 'deleted';
  return { stored: status === 'draft' || status === 'deleted' ? status : 'published', status };
}
