import type { SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  allowedNoticeActions,
  applyNoticeAction,
  noticeActions,
  noticeLifecycleMachine,
  noticeStatusOf,
  type NoticeAction,
  type NoticeFacts,
} from './notice-lifecycle.machine';

const start = new Date('2026-11-26T04:00:00Z');
const end = new Date('2026-11-26T06:00:00Z');
const before = new Date('2026-11-26T03:00:00Z');
const inside = new Date('2026-11-26T05:00:00Z');
const after = new Date('2026-11-26T07:00:00Z');
const notice = (stored: NoticeFacts['stored']): NoticeFacts => ({ stored, startTime: start, endTime: end });

describe('notice lifecycle', () => {
  it('derives waiting, sending and complete from the clock, and keeps a draft a draft', () => {
    expect(noticeStatusOf(notice('published'), before)).toBe('waiting');
    expect(noticeStatusOf(notice('published'), start)).toBe('sending');
    expect(noticeStatusOf(notice('published'), inside)).toBe('sending');
    expect(noticeStatusOf(notice('published'), end)).toBe('complete');
    expect(noticeStatusOf(notice('draft'), after)).toBe('draft');
    // A window of no length goes from waiting to complete.
    expect(noticeStatusOf({ stored: 'published', startTime: start, endTime: start }, start)).toBe('complete');
  });

  it('offers per state only what the lifecycle allows', () => {
    expect(allowedNoticeActions(notice('draft'), before)).toEqual(['PUBLISH', 'EDIT', 'DELETE']);
    expect(allowedNoticeActions(notice('draft'), after)).toEqual(['EDIT', 'DELETE']);
    expect(allowedNoticeActions(notice('published'), before)).toEqual(['REVOKE']);
    expect(allowedNoticeActions(notice('published'), inside)).toEqual(['REVOKE']);
    expect(allowedNoticeActions(notice('published'), after)).toEqual(['DELETE']);
  });

  it('says why an action is refused: 37160 for a draft whose end has passed, else 20011', () => {
    expect(applyNoticeAction(notice('draft'), after, 'PUBLISH')).toEqual({ refused: 'ended' });
    expect(applyNoticeAction(notice('published'), inside, 'PUBLISH')).toEqual({ refused: 'illegal' });
    expect(applyNoticeAction(notice('published'), inside, 'EDIT')).toEqual({ refused: 'illegal' });
    expect(applyNoticeAction(notice('published'), inside, 'DELETE')).toEqual({ refused: 'illegal' });
    expect(applyNoticeAction(notice('draft'), inside, 'REVOKE')).toEqual({ refused: 'illegal' });
    expect(applyNoticeAction(notice('published'), after, 'REVOKE')).toEqual({ refused: 'illegal' });
    expect(applyNoticeAction(notice('draft'), inside, 'PUBLISH')).toEqual({ stored: 'published', status: 'sending' });
    expect(applyNoticeAction(notice('published'), before, 'REVOKE')).toEqual({ stored: 'draft', status: 'draft' });
    expect(applyNoticeAction(notice('published'), after, 'DELETE')).toEqual({ stored: 'deleted', status: 'deleted' });
  });
});

/**
 * Every shortest path of the machine, replayed on a notice kept as the gateway keeps it (a
 * stored status and a window) and a clock: at each step the status derived from the row and the
 * clock must be the model's state, and the actions offered must be the ones the model takes.
 */
describe('notice lifecycle paths against the derived status', () => {
  const model = createTestModel(noticeLifecycleMachine, { input: { phase: 'before' } });
  const paths = model.getShortestPaths();

  it('reaches every state, the draft in each phase of its window', () => {
    // Paths that are a prefix of a longer one are left out, so count the states along the paths.
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => `${String(step.state.value)}/${step.state.context.phase}`)));
    expect([...reached].sort()).toEqual([
      'complete/after',
      'deleted/after',
      'deleted/before',
      'deleted/inside',
      'draft/after',
      'draft/before',
      'draft/inside',
      'sending/inside',
      'waiting/before',
    ]);
  });

  paths.forEach((path) => {
    it(path.description, async () => {
      let facts: NoticeFacts | 'deleted' = notice('draft');
      let now = before;
      const act = (action: NoticeAction) => () => {
        const answer = applyNoticeAction(facts as NoticeFacts, now, action);
        expect('refused' in answer, action).toBe(false);
        if (!('refused' in answer)) facts = answer.stored === 'deleted' ? 'deleted' : { ...(facts as NoticeFacts), stored: answer.stored };
      };
      // The row and the clock must give the model's state, and offer what the model's state takes.
      const expectState = (state: SnapshotFrom<typeof noticeLifecycleMachine>) => {
        if (state.value === 'deleted') return expect(facts).toBe('deleted');
        expect(facts).not.toBe('deleted');
        expect(noticeStatusOf(facts as NoticeFacts, now)).toBe(state.value);
        expect(allowedNoticeActions(facts as NoticeFacts, now)).toEqual(noticeActions.filter((type) => state.can({ type })));
      };
      await path.test({
        events: {
          PUBLISH: act('PUBLISH'),
          REVOKE: act('REVOKE'),
          EDIT: act('EDIT'),
          DELETE: act('DELETE'),
          START_REACHED: () => void (now = inside),
          END_REACHED: () => void (now = after),
        },
        states: { draft: expectState, waiting: expectState, sending: expectState, complete: expectState, deleted: expectState },
      });
    });
  });
});
