import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as GatewayClient from './gateway-client';
import { GatewayError } from './gateway-client';
import { createQueryClient, useCall, useCallMutation, useInfiniteCall } from './queries';

const calls: { method: string; params: Record<string, unknown> }[] = [];
const answers = new Map<string, (params: Record<string, unknown>) => unknown>();

vi.mock('./gateway-client', async (original) => ({
  ...(await original<typeof GatewayClient>()),
  call: vi.fn(async (method: string, params: Record<string, unknown>) => {
    calls.push({ method, params });
    const answer = answers.get(method);
    if (!answer) throw new Error(`no answer for ${method}`);
    return answer(params);
  }),
}));

const shown: number[] = [];
vi.mock('@/lib/error-toast', () => ({ showError: (code: number) => shown.push(code) }));
vi.mock('@/lib/i18n', () => ({ i18n: { t: (key: string) => key } }));

function wrapper() {
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const countOf = (method: string) => calls.filter((entry) => entry.method === method).length;

beforeEach(() => {
  calls.length = 0;
  shown.length = 0;
  answers.clear();
});
afterEach(cleanup);

describe('server data kit', () => {
  it('fetches an account list again after a write to accounts succeeds', async () => {
    answers.set('gw.credit.user.query', () => ({ total: 1, list: [{ userId: '7' }], line: [] }));
    answers.set('gw.credit.user.enable', (params) => ({ userId: params.userId }));
    const Wrapper = wrapper();
    const list = renderHook(() => useCall('gw.credit.user.query', { pageIndex: 1, pageSize: 20 }), { wrapper: Wrapper });
    await waitFor(() => expect(list.result.current.data?.total).toBe(1));
    expect(countOf('gw.credit.user.query')).toBe(1);

    const enable = renderHook(() => useCallMutation('gw.credit.user.enable'), { wrapper: Wrapper });
    await act(() => enable.result.current.mutateAsync({ userId: '7' }));
    await waitFor(() => expect(countOf('gw.credit.user.query')).toBe(2));
    expect(shown).toEqual([]);
  });

  it('tells a refusal once through the catalogue, but not a silent one, nor a lost session', async () => {
    answers.set('gw.credit.user.enable', () => {
      throw new GatewayError(20012, 'cannot operate');
    });
    const Wrapper = wrapper();
    const loud = renderHook(() => useCallMutation('gw.credit.user.enable'), { wrapper: Wrapper });
    await act(() => loud.result.current.mutateAsync({ userId: '7' }).catch(() => undefined));
    expect(shown).toEqual([20012]);

    const quiet = renderHook(() => useCallMutation('gw.credit.user.enable', { silent: true }), { wrapper: Wrapper });
    await act(() => quiet.result.current.mutateAsync({ userId: '7' }).catch(() => undefined));
    expect(shown).toEqual([20012]);

    answers.set('gw.credit.agent.level', () => {
      throw new GatewayError(2202, 'session gone');
    });
    const gone = renderHook(() => useCall('gw.credit.agent.level', {}), { wrapper: Wrapper });
    await waitFor(() => expect(gone.result.current.isError).toBe(true));
    expect(shown).toEqual([20012]);
    // A refusal is not asked again; only a lost answer would be.
    expect(countOf('gw.credit.agent.level')).toBe(1);
  });

  it('reads a paged list page by page until the total is reached', async () => {
    const all = Array.from({ length: 5 }, (_, index) => ({ serialNo: String(index) }));
    answers.set('gw.credit.score.log.query', (params) => {
      const size = params.pageSize as number;
      const start = ((params.pageIndex as number) - 1) * size;
      return { total: all.length, list: all.slice(start, start + size) };
    });
    const pages = renderHook(() => useInfiniteCall('gw.credit.score.log.query', {}, { pageSize: 2 }), { wrapper: wrapper() });
    await waitFor(() => expect(pages.result.current.rows).toHaveLength(2));
    act(() => pages.result.current.loadMore());
    await waitFor(() => expect(pages.result.current.rows).toHaveLength(4));
    act(() => pages.result.current.loadMore());
    await waitFor(() => expect(pages.result.current.rows).toHaveLength(5));
    expect(pages.result.current.hasNextPage).toBe(false);
    expect(pages.result.current.total).toBe(5);
    expect(calls.map((entry) => entry.params.pageIndex)).toEqual([1, 2, 3]);
  });
});
