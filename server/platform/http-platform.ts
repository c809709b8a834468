import { z } from 'zod';
import { ErrorCode } from '../../contract/errors.contract';
import { decodeFeedAnswer, platformCalls, type PlatformAnswer, type PlatformCallName } from '../../contract/platform-api.contract';
import { signedPost } from './signed-post';
import { PlatformRefusal, PlatformSilent, type GamePlatform, type Holding } from './game-platform';

export interface HttpPlatformOptions {
  /** Where the platform serves its API: each call's path is appended ("https://p.example/api/v1"). */
  baseUrl: string;
  keyId: string;
  secret: string;
  /** How long one call may take before its answer counts as lost. */
  timeoutMs?: number;
  /** For tests: a fetch to send through (one that garbles or delays answers); Node's http otherwise. */
  fetch?: typeof fetch;
  /** The time requests are signed with (the gateway's clock). */
  now?: () => Date;
}

/**
 * The game platform over its HTTP API (contract/platform-api.contract.ts), one signed POST per
 * call (platform/signed-post.ts), never retried here: a call whose answer does not come is PlatformSilent and the callers'
 * rules decide (a transfer stays pending until the record of its id settles it).
 *
 * What an answer means:
 * - 200 with a body the call's answer schema reads: the answer.
 * - 4xx with a catalogue code (`{ "code": 37112 }`): PlatformRefusal(code). The platform answers
 *   these before or instead of applying anything (the API's promise), so nothing happened.
 *   Except 37100 to a transfer: PlatformSilent. A refused signature changes nothing, but the
 *   refusal may be of a copy: a hop that lost the answer of our request and sent the same bytes
 *   again gets 37100 for the repeated nonce, while our request was applied. Read as a refusal,
 *   the back office would reverse a transfer in the platform holds (points made) or fail a
 *   transfer out it debited (points lost); left pending, the record of its id decides.
 * - 5xx, a timeout, a connection refused or reset: PlatformSilent (it may have applied the call).
 * - Any other answer (empty, not JSON, failing the schema, a 4xx without a code, a redirect):
 *   PlatformRefusal(37101) for a read, which changes nothing there; PlatformSilent for a transfer
 *   or a push. A garbled answer to a transfer proves only that something answered, not that the
 *   platform did not apply it (a proxy may have mangled the answer after the platform applied
 *   it), so it must not be read as a refusal: the back office would give the points back while
 *   the platform holds them. Left pending, the record of its id decides.
 */
/** A platform that leaves the stakes in play out of its answer is taken to have none. */
const holding = (answer: { balance: bigint; inPlay?: bigint | undefined }): Holding => ({
  balance: answer.balance,
  inPlay: answer.inPlay ?? 0n,
});

export function httpPlatform(options: HttpPlatformOptions): GamePlatform {
  const base = new URL(options.baseUrl);
  // "https://p.example" and "https://p.example/api/" alike: the calls' paths follow without a double slash.
  const basePath = base.pathname.replace(/\/+$/, '');
  // Node's http with kept-alive connections (platform/http-post.ts) unless a test gives a fetch.
  const send = options.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const now = options.now ?? (() => new Date());

  async function request<C extends PlatformCallName>(name: C, input: unknown): Promise<PlatformAnswer<C>> {
    const definition = platformCalls[name];
    // Our own input breaking the schema is a bug of ours: thrown before anything is sent.
    const body = JSON.stringify(z.encode(definition.request as z.ZodType, input));
    const url = new URL(basePath + definition.path, base.origin);
    const outcome = await signedPost<unknown>(
      {
        url,
        body,
        keyId: options.keyId,
        secret: options.secret,
        now: now(),
        timeoutMs,
        fetch: send,
        appliesOnce: definition.effect === 'transfer',
      },
      // The feed's pages are big: read field by field, as its schema would (decodeFeedAnswer).
      name === 'readFeed' ? { safeParse: decodeFeedAnswer } : definition.answer,
    );
    switch (outcome.kind) {
      case 'answer':
        return outcome.answer as PlatformAnswer<C>;
      case 'refused':
        throw new PlatformRefusal(outcome.code);
      case 'lost':
        throw new PlatformSilent(`${name}: ${outcome.why}`);
      case 'unreadable':
        throw definition.effect === 'read'
          ? new PlatformRefusal(ErrorCode.thirdPartyEmptyResult)
          : new PlatformSilent(`${name}: ${outcome.why} (the call may have been applied)`);
    }
  }

  return {
    transferIn: async (call) => request('transferIn', call),
    transferOut: async (call) => holding(await request('transferOut', call)),
    queryTransfer: async (call) => (await request('queryTransfer', call)).record,
    settleTransfer: async (call) => (await request('settleTransfer', call)).record,
    balance: async (call) => (await request('balance', call)).balance,
    holding: async (call) => holding(await request('balance', call)),
    setClosedGames: async (call) => void (await request('setClosedGames', call)),
    readFeed: async (call) => (await request('readFeed', call)).items,
    setAccounts: async (call) => void (await request('setAccounts', call)),
    setGameNotices: async (call) => void (await request('setGameNotices', call)),
    replySuggestions: async (call) => void (await request('replySuggestions', call)),
    lobby: async (call) => request('lobby', call),
    games: async () => (await request('games', {})).games,
    statement: async (call) => request('statement', call),
  };
}
