import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { platformApiServer } from '../../server/simulator/platform-server';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// The limits lowered so the test runs in seconds: a body must arrive within 1.5 s here (30 s live),
// and the client sends one byte every 0.5 s (every 5 s in the probe that found it).
const limits = { bodyTimeoutMs: 1_500, maxPerAddress: 4 };

/** A client that sends a request's headers, then its body one byte at a time; resolves with what happened. */
function slowBody(port: number, path: string, everyMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'gw.credit.sn.template.get', params: {} }).padEnd(400, ' ');
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    const timer = setInterval(() => {
      if (sent < body.length) socket.write(body[sent++]!);
    }, everyMs);
  });
}

/** Opens a connection and answers whether the server closed it within `ms` (nothing sent). */
function closedWithin(port: number, ms: number): Promise<{ socket: Socket; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const timer = setTimeout(() => resolve({ socket, closed: false }), ms);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ socket, closed: true });
    });
  });
}

async function checkLimits(port: number, path: string) {
  // A body a byte at a time is cut off at the body timeout, long before it is complete (400 bytes).
  const slow = await slowBody(port, path, 500);
  expect(slow.closedAfterMs).toBeGreaterThanOrEqual(1_000);
  expect(slow.closedAfterMs).toBeLessThan(4_000);
  expect(slow.answer).not.toMatch(/^HTTP\/1\.1 200/);
  // Four connections from one address are held; a fifth is closed at once, and room comes back as one closes.
  const held = await Promise.all(Array.from({ length: limits.maxPerAddress }, () => closedWithin(port, 300)));
  expect(held.map((each) => each.closed)).toEqual(held.map(() => false));
  expect((await closedWithin(port, 1_000)).closed).toBe(true);
  held[0]!.socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const again = await closedWithin(port, 300);
  expect(again.closed).toBe(false);
  for (const each of [...held, again]) each.socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('slow and many connections', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ captcha: false, jobs: { run: false }, connectionLimits: limits });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('the gateway cuts off a body that does not arrive within its timeout, and holds at most the limit of connections per address', async () => {
    await checkLimits(Number(new URL(gw.url).port), '/api');
    // A request sent at once is still answered.
    expect((await gw.call('gw.credit.sn.template.get')).error).toBeUndefined();
  });

  it('the platform process does the same', async () => {
    const server = platformApiServer({ platform: simulatorPlatform(gw.db), keys: () => null, db: gw.db, connectionLimits: limits });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      await checkLimits((server.server.address() as AddressInfo).port, '/balance');
    } finally {
      await server.close();
    }
  });
});
