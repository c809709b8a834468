import { describe, expect, it } from 'vitest';
import { logAccountPending, logAccountReducer, type LogAccountEvent, type LogAccountState } from './use-log-account-filter';

const start: LogAccountState = { text: '', applied: { kind: 'any' }, resolving: null };
const run = (...events: LogAccountEvent[]) => events.reduce(logAccountReducer, start);
const member = { userId: '42', loginId: 'mb01010101005' };

describe('the score log account filter', () => {
  it('applies a looked-up name with its own spelling, and is settled then', () => {
    const state = run(
      { type: 'typed', text: ' MB01010101005 ' },
      { type: 'resolving', name: 'MB01010101005' },
      { type: 'resolved', name: 'MB01010101005', account: member },
    );
    expect(state).toEqual({ text: 'mb01010101005', applied: { kind: 'account', ...member }, resolving: null });
    expect(logAccountPending(state)).toBe(false);
  });

  it('keeps an unknown name as the filter instead of falling back to every account', () => {
    const state = run(
      { type: 'typed', text: 'nosuch01' },
      { type: 'resolving', name: 'nosuch01' },
      { type: 'resolved', name: 'nosuch01', account: null },
    );
    expect(state.applied).toEqual({ kind: 'unknown', name: 'nosuch01' });
    expect(logAccountPending(state)).toBe(false);
  });

  it('is pending while a name is typed or looked up, and ignores the answer for a name no longer asked', () => {
    const typed = run({ type: 'picked', account: member }, { type: 'typed', text: 'ma0' });
    expect(typed.applied).toEqual({ kind: 'account', ...member });
    expect(logAccountPending(typed)).toBe(true);
    const asked = run({ type: 'typed', text: 'ma01' }, { type: 'resolving', name: 'ma01' });
    expect(logAccountPending(asked)).toBe(true);
    const stale = [{ type: 'picked', account: member } as const, { type: 'resolved', name: 'ma01', account: null } as const].reduce(
      logAccountReducer,
      asked,
    );
    expect(stale).toEqual({ text: 'mb01010101005', applied: { kind: 'account', ...member }, resolving: null });
  });

  it('shows every account again when cleared, and keeps the filter when a lookup fails', () => {
    expect(run({ type: 'picked', account: member }, { type: 'cleared' })).toEqual(start);
    const failed = run(
      { type: 'picked', account: member },
      { type: 'typed', text: 'ma01' },
      { type: 'resolving', name: 'ma01' },
      { type: 'failed', name: 'ma01' },
    );
    expect(failed.applied).toEqual({ kind: 'account', ...member });
    expect(logAccountPending(failed)).toBe(true);
  });
});
