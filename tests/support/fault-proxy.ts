import { createServer, request as forwardRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { platformSignatureHeaders } from '../../contract/platform-api.contract';
import { seededRandom } from '../../server/game-rules/seeded-random';

/**
 * A fault-injecting HTTP proxy of the tests' own, put between the back office's HTTP adapter and
 * a platform process (the faults on the wire: tests/gateway/platform-faults.test.ts and its long
 * version in tests/bench/platform-faults.bench-helper.ts). Each call draws one seeded number and,
 * by the configured probabilities, suffers at most one fault:
 *   - requestLost: never forwarded; held until the caller gives up (its timeout), as a request
 *     lost on the way would be;
 *   - answerLost: forwarded (the platform applies it), then the connection is cut instead of
 *     the answer;
 *   - answerLate: forwarded, the answer held past the caller's timeout (`lateMs`);
 *   - error500Before: answered 500 without forwarding (a front end failing on its own);
 *   - error500After: forwarded (applied), then its answer replaced by a 500;
 *   - duplicated: forwarded twice, the same bytes, and the first answer given (the copy is
 *     forwarded once the first is answered);
 *   - retriedByHop: forwarded (applied), its answer lost at a hop that sends the same bytes
 *     again and answers what the copy got (the platform refuses the repeated nonce, 37100);
 *   - signatureCorrupted: the signature header altered on the way (the platform must refuse it
 *     with 37100 and apply nothing); its answer passed on.
 * The draws come in the order calls arrive, so concurrent runs are not replayed call for call;
 * the seed fixes the sequence of faults, and the counts tell what a run injected.
 */

export const faultKinds = [
  'requestLost',
  'answerLost',
  'answerLate',
  'error500Before',
  'error500After',
  'duplicated',
  'retriedByHop',
  'signatureCorrupted',
] as const;
export type FaultKind = (typeof faultKinds)[number];

export type FaultProbabilities = Partial<Record<FaultKind, number>>;

export interface FaultProxyOptions {
  /** The platform's base URL ("http://127.0.0.1:1234"). */
  target: string;
  seed: string;
  /** How long an answer is held for answerLate: more than the adapter's timeout. */
  lateMs: number;
  /** Per kind, the chance a call suffers it (their sum at most 1); none: no faults. */
  faults?: FaultProbabilities;
}

export interface FaultProxy {
  url: string;
  /** Changes the faults for the calls to come (`{}`: none). */
  setFaults(faults: FaultProbabilities): void;
  /** The faults injected so far, per kind. */
  counts(): Record<FaultKind, number>;
  /** Calls seen, and calls forwarded to the platform (duplicates included). */
  calls(): { received: number; forwarded: number };
  /** Calls still being handled (held, forwarded, or late): 0 once the proxy is quiet. */
  inFlight(): number;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const SCALE = 1_000_000;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** One digit of the hex signature changed: still well-formed, no longer the request's. */
function corrupt(signature: string): string {
  if (signature.length === 0) return '0';
  const last = signature.at(-1)!;
  return signature.slice(0, -1) + (last === '0' ? '1' : '0');
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const random = seededRandom(options.seed, 'fault-proxy', 0);
  let faults: FaultProbabilities = options.faults ?? {};
  const counts = Object.fromEntries(faultKinds.map((kind) => [kind, 0])) as Record<FaultKind, number>;
  const calls = { received: 0, forwarded: 0 };
  let inFlight = 0;
  const sockets = new Set<Socket>();

  /** The fault of the next call, by one draw over the cumulative probabilities. */
  function draw(): FaultKind | null {
    const at = random.below(SCALE);
    let upTo = 0;
    for (const kind of faultKinds) {
      upTo += Math.round((faults[kind] ?? 0) * SCALE);
      if (at < upTo) return kind;
    }
    return null;
  }

  function forward(request: IncomingMessage, body: Buffer, headers: IncomingMessage['headers']): Promise<Answer> {
    calls.forwarded += 1;
    return new Promise((resolve, reject) => {
      const out = forwardRequest(
        { protocol: target.protocol, hostname: target.hostname, port: target.port, method: request.method, path: request.url, headers },
        (answer) => {
          void readBody(answer).then((answerBody) => {
            const kept: Record<string, string> = {};
            for (const [name, value] of Object.entries(answer.headers)) {
              // The proxy sends the body whole: its own framing, not the platform's.
              if (typeof value === 'string' && !['transfer-encoding', 'connection', 'keep-alive'].includes(name)) kept[name] = value;
            }
            resolve({ status: answer.statusCode ?? 502, headers: kept, body: answerBody });
          }, reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  }

  function send(response: ServerResponse, answer: Answer) {
    if (response.destroyed) return;
    response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
    response.end(answer.body);
  }

  const error500 = (): Answer => ({
    status: 500,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify({ code: 0 })),
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    calls.received += 1;
    const fault = draw();
    if (fault) counts[fault] += 1;
    const headers: IncomingMessage['headers'] = { ...request.headers, host: target.host };
    switch (fault) {
      case 'requestLost':
        // Nothing forwarded; the caller's timeout closes the connection (or the proxy's close does).
        await new Promise<void>((resolve) => {
          response.on('close', resolve);
          if (response.destroyed) resolve();
        });
        return;
      case 'answerLost':
        await forward(request, body, headers);
        response.socket?.destroy();
        return;
      case 'answerLate': {
        const answer = await forward(request, body, headers);
        await new Promise((resolve) => setTimeout(resolve, options.lateMs));
        send(response, answer);
        return;
      }
      case 'error500Before':
        send(response, error500());
        return;
      case 'error500After':
        await forward(request, body, headers);
        send(response, error500());
        return;
      case 'duplicated': {
        const answer = await forward(request, body, headers);
        send(response, answer);
        // The copy: the same bytes, nonce and signature included.
        await forward(request, body, headers);
        return;
      }
      case 'retriedByHop':
        await forward(request, body, headers);
        send(response, await forward(request, body, headers));
        return;
      case 'signatureCorrupted': {
        const name = platformSignatureHeaders.signature;
        const value = headers[name];
        const answer = await forward(request, body, { ...headers, [name]: corrupt(typeof value === 'string' ? value : '') });
        send(response, answer);
        return;
      }
      default:
        send(response, await forward(request, body, headers));
    }
  }

  const server = createServer((request, response) => {
    inFlight += 1;
    handle(request, response)
      .catch(() => {
        // The platform unreachable or cut off: the caller sees its connection cut, as it would.
        response.socket?.destroy();
      })
      .finally(() => {
        inFlight -= 1;
      });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setFaults(next) {
      faults = next;
    },
    counts: () => ({ ...counts }),
    calls: () => ({ ...calls }),
    inFlight: () => inFlight,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
