import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, configureGatewayClient, GatewayError } from './gateway-client';

const sessionGone = vi.fn();
configureGatewayClient({
  token: () => 'tok-123',
  language: () => 'en',
  onSessionGone: sessionGone,
  networkErrorMessage: () => 'Network down, retry',
});

const sent: { url: string; method: string; body: string }[] = [];

function answer(body: unknown) {
  return vi.fn(async (request: Request) => {
    sent.push({ url: request.url, method: request.method, body: await request.text() });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionGone.mockReset();
});

describe('gateway client (the form field json)', () => {
  it('posts the envelope in the form field "json" with opsId, terminal 7, device, host and language', async () => {
    const fetchMock = answer({ jsonrpc: '2.0', id: 1, result: { level: 0 } });
    vi.stubGlobal('fetch', fetchMock);
    expect(await call('gw.credit.agent.level', {})).toEqual({ level: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = sent.at(-1)!;
    expect(new URL(request.url).pathname).toBe('/api');
    expect(request.method).toBe('POST');
    const form = new URLSearchParams(request.body);
    const envelope = JSON.parse(form.get('json')!);
    expect(envelope).toMatchObject({
      jsonrpc: '2.0',
      method: 'gw.credit.agent.level',
      params: { opsId: 'tok-123', terminal: 7, ztsLang: 'en' },
    });
    expect(typeof envelope.id).toBe('number');
    expect(envelope.params.fingerOSModel).toMatch(/ \/ /);
  });

  it('throws the catalogue code and message, and reports a lost session for 2202 and 2221', async () => {
    vi.stubGlobal('fetch', answer({ jsonrpc: '2.0', id: 1, error: { code: 2218, message: 'Username or password wrong' } }));
    await expect(call('gw.credit.agent.level', {})).rejects.toMatchObject({ code: 2218, message: 'Username or password wrong' });
    expect(sessionGone).not.toHaveBeenCalled();
    for (const code of [2202, 2221]) {
      vi.stubGlobal('fetch', answer({ jsonrpc: '2.0', id: 1, error: { code, message: 'gone' } }));
      await expect(call('gw.credit.agent.level', {})).rejects.toBeInstanceOf(GatewayError);
    }
    expect(sessionGone).toHaveBeenCalledTimes(2);
    // Why an upline ended the session goes with it, for the login screen after the reload.
    vi.stubGlobal('fetch', answer({ jsonrpc: '2.0', id: 1, error: { code: 2202, message: 'gone', data: { rule: 'session-frozen' } } }));
    await expect(call('gw.credit.agent.level', {})).rejects.toBeInstanceOf(GatewayError);
    expect(sessionGone).toHaveBeenLastCalledWith({ rule: 'session-frozen' });
  });

  it('turns a network failure into code 1 with a clear, retryable message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call('gw.credit.agent.level', {})).rejects.toMatchObject({ code: 1, message: 'Network down, retry' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>proxy error</html>', { status: 502 })),
    );
    await expect(call('gw.credit.agent.level', {})).rejects.toMatchObject({ code: 1 });
  });
});
