import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as GatewayClient from '@/api/gateway-client';
import { createQueryClient } from '@/api/queries';
import { attachmentName } from './export-file';
import { useExportJob } from './use-export-job';

const calls: { method: string; params: Record<string, unknown> }[] = [];
let jobAnswers: Record<string, unknown>[] = [];
/** When set, the export's start answers only once this is resolved. */
let startGate: Promise<void> | null = null;

vi.mock('@/api/gateway-client', async (original) => ({
  ...(await original<typeof GatewayClient>()),
  call: vi.fn(async (method: string, params: Record<string, unknown>) => {
    calls.push({ method, params });
    if (method === 'gw.credit.score.log.export') {
      if (startGate) await startGate;
      return { jobId: '42' };
    }
    if (method === 'gw.credit.job.get') return jobAnswers.length > 1 ? jobAnswers.shift() : jobAnswers[0];
    throw new Error(`no answer for ${method}`);
  }),
}));
const shown: number[] = [];
vi.mock('@/lib/error-toast', () => ({ showError: (code: number) => shown.push(code) }));
vi.mock('@/lib/i18n', () => ({ i18n: { t: (key: string) => key } }));
vi.mock('@/lib/session-cookies', () => ({ sessionToken: () => 'token-of-the-session', clearSession: () => undefined }));
vi.mock('@/lib/preferences', () => ({ preferences: () => ({ language: 'en' }) }));

const saved: { name: string; size: number }[] = [];
const fetches: { url: string; body: string }[] = [];

function wrapper() {
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const job = (status: string, done: number, total: number, fileId?: string) => ({
  jobId: '42',
  kind: 'export',
  status,
  done,
  total,
  results: [],
  ...(fileId ? { fileId } : {}),
});

beforeEach(() => {
  calls.length = 0;
  shown.length = 0;
  saved.length = 0;
  fetches.length = 0;
  startGate = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, size: 0 });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function stubFetch(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      fetches.push({ url, body: String(init.body) });
      return answer();
    }),
  );
}

describe('useExportJob', () => {
  it('starts the export, follows its progress, then fetches the file once with the session and saves it under its name', async () => {
    jobAnswers = [job('running', 0, 1200), job('running', 500, 1200), job('done', 1200, 1200, '9')];
    stubFetch(
      () =>
        new Response('a,b\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="x.csv"; filename*=UTF-8\'\'%E7%A7%AF%E5%88%86.csv',
          },
        }),
    );
    const onDone = vi.fn();
    const hook = renderHook(() => useExportJob('gw.credit.score.log.export', { onDone }), { wrapper: wrapper() });
    expect(hook.result.current.phase).toBe('idle');
    act(() => hook.result.current.start({ type: 'up', format: 'csv' }));
    await waitFor(() => expect(hook.result.current.phase).toBe('done'), { timeout: 5000 });

    expect(calls[0]).toMatchObject({ method: 'gw.credit.score.log.export', params: { type: 'up', format: 'csv' } });
    expect(calls.filter((entry) => entry.method === 'gw.credit.job.get').every((entry) => entry.params.jobId === '42')).toBe(true);
    expect(fetches).toHaveLength(1);
    expect(fetches[0]!.url).toMatch(/\/api\/files\/9$/);
    expect(new URLSearchParams(fetches[0]!.body).get('opsId')).toBe('token-of-the-session');
    expect(saved.map((file) => file.name)).toEqual(['积分.csv']);
    expect(hook.result.current).toMatchObject({ done: 1200, total: 1200, error: null });
    expect(onDone).toHaveBeenCalledWith(1200);
    expect(shown).toEqual([]);

    act(() => hook.result.current.reset());
    expect(hook.result.current.phase).toBe('idle');
  });

  it('ends failed with the catalogue code when the file is refused, and tells it once', async () => {
    jobAnswers = [job('done', 3, 3, '10')];
    stubFetch(
      () =>
        new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: 20049, message: 'not found' } }), {
          headers: { 'content-type': 'application/json; charset=utf-8' },
        }),
    );
    const hook = renderHook(() => useExportJob('gw.credit.score.log.export'), { wrapper: wrapper() });
    act(() => hook.result.current.start({ format: 'xlsx' }));
    await waitFor(() => expect(hook.result.current.phase).toBe('failed'), { timeout: 5000 });
    expect(hook.result.current.error).toBe(20049);
    expect(shown).toEqual([20049]);
    expect(saved).toEqual([]);
  });

  it('ends failed when the gateway could not finish the job', async () => {
    jobAnswers = [job('failed', 10, 20)];
    stubFetch(() => new Response(''));
    const hook = renderHook(() => useExportJob('gw.credit.score.log.export'), { wrapper: wrapper() });
    act(() => hook.result.current.start({ format: 'xlsx' }));
    await waitFor(() => expect(hook.result.current.phase).toBe('failed'), { timeout: 5000 });
    expect(hook.result.current.error).toBe(0);
    expect(fetches).toEqual([]);
  });
});

describe('useExportJob cancelled', () => {
  it('ignores the start answered after a cancel: no job is followed, nothing is saved', async () => {
    let open: () => void = () => undefined;
    startGate = new Promise((resolve) => (open = resolve));
    jobAnswers = [job('done', 3, 3, '11')];
    stubFetch(() => new Response('x', { headers: { 'content-type': 'text/csv' } }));
    const hook = renderHook(() => useExportJob('gw.credit.score.log.export'), { wrapper: wrapper() });
    act(() => hook.result.current.start({ format: 'csv' }));
    expect(hook.result.current.phase).toBe('starting');
    act(() => hook.result.current.reset());
    await act(async () => {
      open();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(hook.result.current.phase).toBe('idle');
    expect(calls.filter((entry) => entry.method === 'gw.credit.job.get')).toEqual([]);
    expect(fetches).toEqual([]);
    expect(saved).toEqual([]);
  });
});

describe('attachmentName', () => {
  it('reads the UTF-8 name, else the plain one, else the fallback', () => {
    expect(attachmentName(`attachment; filename="a.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7%20log.xlsx`, 'f')).toBe('用户 log.xlsx');
    expect(attachmentName('attachment; filename="a.xlsx"', 'f')).toBe('a.xlsx');
    expect(attachmentName(null, 'f')).toBe('f');
  });
});
