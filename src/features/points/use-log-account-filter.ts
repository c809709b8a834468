import { useCallback, useReducer } from 'react';
import { call } from '@/api/gateway-client';
import { reportError } from '@/api/queries';
import { sameName } from '@/components/filters/account-picker';

/** The account the score log is filtered by: none, one account of the caller's line, or a name that is not in it. */
export type LogAccountFilter = { kind: 'any' } | { kind: 'account'; userId: string; loginId: string } | { kind: 'unknown'; name: string };

export interface LogAccountState {
  text: string;
  applied: LogAccountFilter;
  /** The name being looked up in the caller's line; an answer for any other name is stale. */
  resolving: string | null;
}

export type LogAccountEvent =
  | { type: 'typed'; text: string }
  | { type: 'resolving'; name: string }
  | { type: 'resolved'; name: string; account: { userId: string; loginId: string } | null }
  | { type: 'failed'; name: string }
  | { type: 'picked'; account: { userId: string; loginId: string } }
  | { type: 'settled' }
  | { type: 'cleared' };

export function appliedName(filter: LogAccountFilter): string {
  if (filter.kind === 'account') return filter.loginId;
  if (filter.kind === 'unknown') return filter.name;
  return '';
}

export function logAccountReducer(state: LogAccountState, event: LogAccountEvent): LogAccountState {
  switch (event.type) {
    case 'typed':
      return { ...state, text: event.text };
    case 'resolving':
      return { ...state, resolving: event.name };
    case 'resolved': {
      if (state.resolving !== event.name) return state;
      const applied: LogAccountFilter = event.account ? { kind: 'account', ...event.account } : { kind: 'unknown', name: event.name };
      return { text: sameName(state.text, event.name) ? appliedName(applied) : state.text, applied, resolving: null };
    }
    case 'failed':
      return state.resolving === event.name ? { ...state, resolving: null } : state;
    case 'picked':
      return { text: event.account.loginId, applied: { kind: 'account', ...event.account }, resolving: null };
    case 'settled':
      return { ...state, text: appliedName(state.applied), resolving: null };
    case 'cleared':
      return { text: '', applied: { kind: 'any' }, resolving: null };
  }
}

/** Whether the field says something other than the filter in force (typed but not applied, or being looked up). */
export const logAccountPending = (state: LogAccountState) => state.resolving !== null || !sameName(state.text, appliedName(state.applied));

/**
 * The score log's account filter: a suggestion applies at once; a typed name applies on Enter or
 * when the field is left, looked up by its exact name (any case) in the caller's line.
 */
export function useLogAccountFilter() {
  const [state, dispatch] = useReducer(logAccountReducer, { text: '', applied: { kind: 'any' }, resolving: null });

  const commit = useCallback(() => {
    const name = state.text.trim();
    if (state.resolving !== null && sameName(state.resolving, name)) return;
    if (sameName(name, appliedName(state.applied))) return dispatch({ type: 'settled' });
    if (!name) return dispatch({ type: 'cleared' });
    dispatch({ type: 'resolving', name });
    call('gw.credit.account.search', { loginId: name }).then(
      ({ list }) => {
        const found = list[0];
        dispatch({ type: 'resolved', name, account: found ? { userId: found.userId, loginId: found.loginId } : null });
      },
      (error: unknown) => {
        dispatch({ type: 'failed', name });
        reportError(error);
      },
    );
  }, [state]);

  return {
    text: state.text,
    applied: state.applied,
    resolving: state.resolving !== null,
    pending: logAccountPending(state),
    /** The name the field shows that is not in the caller's line, if any. */
    unknownName: state.applied.kind === 'unknown' && sameName(state.text, state.applied.name) ? state.applied.name : null,
    type: useCallback((text: string) => dispatch({ type: 'typed', text }), []),
    pick: useCallback((account: { userId: string; loginId: string }) => dispatch({ type: 'picked', account }), []),
    clear: useCallback(() => dispatch({ type: 'cleared' }), []),
    commit,
  };
}

export type LogAccountFilterControl = ReturnType<typeof useLogAccountFilter>;
