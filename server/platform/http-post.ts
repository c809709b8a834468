import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** A POST's answer as the API reads it: the status and the body's text. */
export interface PostAnswer {
  status: number;
  text: string;
}

export interface PostRequest {
  url: URL;
  headers: Record<string, string>;
  body: string;
  /** The whole exchange, from the request to the answer's last byte. */
  timeoutMs: number;
}

/**
 * One agent per scheme for the whole process, connections kept open between calls. Node's http
 * rather than its fetch: fetch's WHATWG streams cost about four times the CPU of a small call
 * (≈0.5 ms against ≈0.1 ms, client and server in one process), which on a busy machine becomes
 * latency on every transfer. A connection idle for 4 s is closed (fetch's default), sooner when
 * the server's "Keep-Alive: timeout" hint asks for it, so a call rarely meets a connection the
 * server has just closed.
 */
const IDLE_MS = 4_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
};

/** A timeout reads as fetch's did ("TimeoutError"), for the outcome's `why`. */
function timeoutError(ms: number) {
  const error = new Error(`no complete answer in ${ms} ms`);
  error.name = 'TimeoutError';
  return error;
}

/** The body as sent; the encodings fetch accepted are accepted too (a platform behind a compressing proxy). */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case undefined:
    case '':
    case 'identity':
      return body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      throw new Error(`unknown content-encoding ${encoding}`);
  }
}

/**
 * Sends one POST and reads its whole answer; rejects when no complete answer came (refused,
 * reset, cut off, timed out). Never follows a redirect: a 3xx is answered as it came.
 */
export function postText(request: PostRequest): Promise<PostAnswer> {
  const { url, body, timeoutMs } = request;
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') return Promise.reject(new Error(`not an http(s) URL: ${url.protocol}`));
  return new Promise<PostAnswer>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      reject(error);
    };
    const outgoing = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol as 'http:' | 'https:'],
        headers: { 'accept-encoding': 'gzip, deflate, br', ...request.headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', fail);
        // Closed before its end: the answer was cut off.
        incoming.on('close', () => {
          if (!incoming.complete) fail(new Error('the answer was cut off'));
        });
        incoming.on('end', () => {
          if (settled) return;
          let text: string;
          try {
            text = decoded(Buffer.concat(chunks), incoming.headers['content-encoding']).toString('utf8');
          } catch (error) {
            fail(error as Error);
            return;
          }
          settled = true;
          clearTimeout(timer);
          resolve({ status: incoming.statusCode ?? 0, text });
        });
      },
    );
    const timer = setTimeout(() => fail(timeoutError(timeoutMs)), timeoutMs);
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}
