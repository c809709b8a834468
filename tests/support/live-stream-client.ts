import { request, type ClientRequest } from 'node:http';
import { request as tlsRequest } from 'node:https';
import { LIVE_EVENT_NAME, LIVE_STREAM_PATH, parseLiveMessage, type LiveMessage } from '../../contract/live-events.contract';

/** A session's live stream as a test reads it: its messages in order, each awaited in turn. */
export interface LiveStreamClient {
  status: number;
  /** The next message (waits for it); rejects when the stream ends first. */
  next(): Promise<LiveMessage>;
  /** Messages received and not yet taken by next(). */
  pending(): LiveMessage[];
  /** Resolves when the gateway ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `GET /api/live` with the session as a bearer token (or as the web app's cookie). */
export function openLiveStream(
  baseUrl: string,
  token: string,
  /** `ca`: an HTTPS address's certificate authority (a front with a self-signed certificate). */
  options: { cookie?: boolean; host?: string; ca?: string } = {},
): Promise<LiveStreamClient> {
  const url = new URL(LIVE_STREAM_PATH, baseUrl);
  return new Promise((resolve, reject) => {
    const queue: LiveMessage[] = [];
    const waiting: { resolve(message: LiveMessage): void; reject(error: Error): void }[] = [];
    let finished = false;
    let endStream: () => void = () => undefined;
    const ended = new Promise<void>((done) => (endStream = done));
    const finish = () => {
      if (finished) return;
      finished = true;
      endStream();
      for (const waiter of waiting.splice(0)) waiter.reject(new Error('the live stream ended'));
    };
    const send = url.protocol === 'https:' ? tlsRequest : request;
    const req: ClientRequest = send(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'GET',
        ...(options.ca ? { ca: options.ca, servername: 'office.example.com' } : {}),
        headers: {
          accept: 'text/event-stream',
          ...(options.host ? { host: options.host } : {}),
          ...(options.cookie ? { cookie: `lang=en; credit-Token=${encodeURIComponent(token)}` } : { authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            if (!lines.includes(`event: ${LIVE_EVENT_NAME}`)) continue;
            const data = lines.find((line) => line.startsWith('data: '));
            if (!data) continue;
            const message = parseLiveMessage(data.slice('data: '.length));
            if (!message) throw new Error(`not a live message: ${data}`);
            const waiter = waiting.shift();
            if (waiter) waiter.resolve(message);
            else queue.push(message);
          }
        });
        res.on('end', finish);
        res.on('close', finish);
        resolve({
          status: res.statusCode ?? 0,
          next: () => {
            const message = queue.shift();
            if (message) return Promise.resolve(message);
            if (finished) return Promise.reject(new Error('the live stream ended'));
            return new Promise((ok, fail) => waiting.push({ resolve: ok, reject: fail }));
          },
          pending: () => [...queue],
          ended,
          close: () => {
            req.destroy();
            finish();
          },
        });
      },
    );
    req.on('error', (error) => (finished ? undefined : reject(error)));
    req.end();
  });
}
