import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitConnections } from './connection-limits';

describe('limitConnections', () => {
  let server: Server;
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = createServer((incoming, answer) => {
      incoming.resume();
      incoming.on('end', () => answer.end('ok'));
    });
    limitConnections(server, { bodyTimeoutMs: 5_000, idleTimeoutMs: 10_000, maxPerAddress: 8 });
    server.on('connection', (socket: Socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('leaves nothing behind on a kept-alive connection once each request is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<void>((resolve, reject) => {
        const sent = request({ port, host: '127.0.0.1', method: 'POST', path: '/', agent }, (answer) => {
          answer.resume();
          answer.on('end', resolve);
        });
        sent.on('error', reject);
        sent.end('{"a":1}');
      });
    await post();
    const [socket] = sockets;
    const afterOne = socket!.listenerCount('close');
    for (let index = 0; index < 40; index += 1) await post();
    agent.destroy();
    // One connection carried all 41 requests, and its listeners did not grow with them.
    expect(sockets).toHaveLength(1);
    expect(socket!.listenerCount('close')).toBe(afterOne);
  });
});
