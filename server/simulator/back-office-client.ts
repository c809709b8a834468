import { z } from 'zod';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import {
  BACK_OFFICE_PLATFORM_PREFIX,
  backOfficeCalls,
  type BackOfficeAnswer,
  type BackOfficeCallName,
  type BackOfficeRequest,
} from '../../contract/platform-api.contract';
import { signedPost, type SignedPostOutcome } from '../platform/signed-post';

/**
 * The platform's side of the platform -> back office calls (docs/platform-api.md "Platform ->
 * back office"): what the simulator run as a platform of its own (`npm run platform`) calls for
 * its members' sign-ins and transfers at its lobby. One signed POST per call to
 * `<back office>/api/platform/<path>`, with the site's key id and secret.
 *
 * What an answer means:
 * - 200 with a body the call's answer schema reads: the answer.
 * - 4xx with a catalogue code: BackOfficeRefusal(code); the back office applied nothing.
 * - For the sign-in check (a read), anything else (no answer in time, a 5xx, a body that does
 *   not read): BackOfficeRefusal(37101); asking again is harmless (one more attempt counted).
 * - For a transfer, anything else is BackOfficeSilent, a 37100 included (signedPost's
 *   `appliesOnce`): the back office may have applied it. It
 *   is never guessed: the same request id asked again answers the transfer as it stands (the
 *   back office applies one request id once), which is what `lobbyTransfer` does on its own a
 *   few times before giving up.
 */

/** The back office refused the call (its catalogue code), or its answer could not be read (37101). */
export class BackOfficeRefusal extends Error {
  constructor(readonly code: ErrorCodeValue) {
    super(`the back office refused (${code})`);
  }
}

/** A transfer's answer did not come or could not be read: its outcome is unknown until asked again. */
export class BackOfficeSilent extends Error {
  constructor(what: string) {
    super(`no answer from the back office: ${what}`);
  }
}

export interface BackOfficeClientOptions {
  /** The back office's URL (a host of the site's): the calls' paths follow BACK_OFFICE_PLATFORM_PREFIX. */
  baseUrl: string;
  keyId: string;
  secret: string;
  /** How long one call may take before its answer counts as lost (5 s by default, as the back office waits). */
  timeoutMs?: number;
  /** How many times a transfer is asked with its request id while its answer is lost (3 by default). */
  transferAttempts?: number;
  /** For tests: a fetch to send through (one that garbles or delays answers); Node's http otherwise. */
  fetch?: typeof fetch;
  /** The time requests are signed with. */
  now?: () => Date;
}

export interface BackOfficeClient {
  /** A member's sign-in check at the lobby: the member, its rules and its points at the back office. */
  lobbySignIn(request: BackOfficeRequest<'lobbySignIn'>): Promise<BackOfficeAnswer<'lobbySignIn'>>;
  /** A member's transfer asked for at the lobby: its outcome (applied once per request id). */
  lobbyTransfer(request: BackOfficeRequest<'lobbyTransfer'>): Promise<BackOfficeAnswer<'lobbyTransfer'>>;
}

export function backOfficeClient(options: BackOfficeClientOptions): BackOfficeClient {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  // Node's http with kept-alive connections (platform/http-post.ts) unless a test gives a fetch.
  const send = options.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const attempts = Math.max(1, options.transferAttempts ?? 3);
  const now = options.now ?? (() => new Date());

  /** One signed POST: what it came to (a transfer's 37100 is `lost`: see signedPost's `appliesOnce`). */
  function post<C extends BackOfficeCallName>(name: C, request: unknown): Promise<SignedPostOutcome<BackOfficeAnswer<C>>> {
    const definition = backOfficeCalls[name];
    // Our own input breaking the schema is a bug of ours: thrown before anything is sent.
    const body = JSON.stringify(z.encode(definition.request as z.ZodType, request));
    const url = new URL(basePath + BACK_OFFICE_PLATFORM_PREFIX + definition.path, base.origin);
    // A new timestamp and nonce every time, a retry included (a nonce is used once).
    return signedPost(
      {
        url,
        body,
        keyId: options.keyId,
        secret: options.secret,
        now: now(),
        timeoutMs,
        fetch: send,
        appliesOnce: name === 'lobbyTransfer',
      },
      definition.answer as z.ZodType,
    ) as Promise<SignedPostOutcome<BackOfficeAnswer<C>>>;
  }

  return {
    async lobbySignIn(request) {
      const outcome = await post('lobbySignIn', request);
      if (outcome.kind === 'answer') return outcome.answer;
      if (outcome.kind === 'refused') throw new BackOfficeRefusal(outcome.code);
      // A check changes nothing the member could lose: what cannot be read is a refusal.
      throw new BackOfficeRefusal(ErrorCode.thirdPartyEmptyResult);
    },
    async lobbyTransfer(request) {
      let last = '';
      // The same request id again is applied once by the back office: asking again is not a guess.
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        const outcome = await post('lobbyTransfer', request);
        if (outcome.kind === 'answer') return outcome.answer;
        if (outcome.kind === 'refused') throw new BackOfficeRefusal(outcome.code);
        last = `lobbyTransfer: ${outcome.why}`;
      }
      throw new BackOfficeSilent(`${last} (the transfer may have been applied: ask again with request id ${request.requestId})`);
    },
  };
}
