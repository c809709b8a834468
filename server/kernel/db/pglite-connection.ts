import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { parse, serialize } from 'pg-protocol';

type BindConfig = Parameters<typeof serialize.bind>[0];

/**
 * What node-postgres's client speaks to instead of a socket when the database is an embedded
 * PGlite: the same role as PGlite's own adapter (@electric-sql/pglite/node-postgres), with
 * one difference that matters on the hot path. The adapter hands PGlite every protocol message
 * on its own (parse, bind, describe, execute, sync: four or five calls of PGlite per
 * statement, each running its main loop and parsing its answers); this connection keeps the
 * messages until the client asks for answers (sync, flush or a simple query) and hands over
 * everything asked for in the same turn of the event loop (a statement, or statements sent
 * together in pipeline mode) in one call, as a socket would carry them in one packet. And PGlite's
 * answer comes back as bytes, read by pg-protocol's parser as from a socket (PGlite's own parser,
 * which the adapter uses, costs several times more).
 *
 * PGlite is one session, so one connection serves every client the pool makes in turn: the
 * statements it prepared stay known to both sides.
 */
export class PgliteConnection extends EventEmitter {
  // Read and written by node-postgres's client and query (the names a socket connection has).
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  /**
   * NOTIFY messages of the session (after a LISTEN), as `notification` events: kept apart from
   * the client's listeners, which end() removes when the pool hands the connection on.
   */
  readonly notifications = new EventEmitter();

  readonly #pglite: PGlite;
  #pending: Uint8Array[] = [];
  #flushQueued = false;
  /** Calls of PGlite in the order sent: each waits for the one before. */
  #sent: Promise<unknown>;

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#sent = pglite.waitReady;
  }

  connect(): void {
    this._connecting = true;
    void this.#sent.then(() => this.emit('readyForQuery'));
  }

  // A socket's handshake: nothing to do in-process.
  requestSsl(): void {}
  startup(): void {}
  password(): void {}
  cancel(): void {}
  ref(): void {}
  unref(): void {}

  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.#pending.push(serialize.parse(query));
  }

  bind(config: BindConfig): void {
    this.#pending.push(serialize.bind(config));
  }

  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#pending.push(serialize.describe(message));
  }

  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#pending.push(serialize.execute(config));
  }

  close(message: Parameters<typeof serialize.close>[0]): void {
    this.#pending.push(serialize.close(message));
  }

  flush(): void {
    this.#send(serialize.flush());
  }

  sync(): void {
    this.#send(serialize.sync());
  }

  query(text: string): void {
    this.#send(serialize.query(text));
  }

  end(): void {
    this.#pending = [];
    this.#sent = this.#sent.then(() => this.emit('end'));
    // The next client of the pool attaches its own listeners to this same connection.
    for (const event of this.eventNames()) this.removeAllListeners(event);
  }

  /**
   * Runs `work` when every statement sent so far has been answered, and sends nothing more to
   * PGlite until it is done: a backup reads the data folder while no statement writes it.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#sent.then(work);
    this.#sent = done.catch(() => undefined);
    return done;
  }

  /** Queues `last` after the pending messages; what is queued in one turn goes to PGlite in one call. */
  #send(last: Uint8Array): void {
    this.#pending.push(last);
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    queueMicrotask(() => this.#flush());
  }

  #flush(): void {
    this.#flushQueued = false;
    const parts = this.#pending;
    this.#pending = [];
    if (parts.length === 0) return;
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    // Copied: PGlite may reuse the memory of a chunk once its callback returns.
    const answer: Buffer[] = [];
    this.#sent = this.#sent
      .then(() => this.#pglite.execProtocolRawStream(bytes, { onRawData: (chunk) => answer.push(Buffer.from(chunk)) }))
      .then(() => {
        for (const chunk of answer) this.#read(chunk);
      })
      .catch((error: unknown) => this.emit('error', error));
  }

  /** pg-protocol's parser, fed as it feeds itself from a socket (its `parse` listens to data events). */
  readonly #read = ((): ((chunk: Buffer) => void) => {
    let feed: (chunk: Buffer) => void = () => undefined;
    const stream = { on: (event: string, listener: typeof feed) => void (event === 'data' && (feed = listener)) };
    void parse(stream as unknown as NodeJS.ReadableStream, (message) => {
      if (this.listenerCount('message') > 0) this.emit('message', message);
      if (message.name === 'notification') this.notifications.emit('notification', message);
      this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
    });
    return (chunk) => feed(chunk);
  })();
}
