import { z } from 'zod';
import { allErrorCodes, ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import {
  BACK_OFFICE_PLATFORM_PREFIX,
  backOfficeCalls,
  platformRefusalSchema,
  type BackOfficeAnswer,
  type BackOfficeCallName,
  type BackOfficeRequest,
} from '../../contract/platform-api.contract';
import { signRequest } from '../platform-api/request-signature';

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
 * - For a transfer, anything else is BackOfficeSilent: the back office may have applied it. It
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
  /** Node's fetch unless a test gives another. */
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

const catalogue = new Set<number>(allErrorCodes);

type Lost = { lost: string };

export function backOfficeClient(options: BackOfficeClientOptions): BackOfficeClient {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const attempts = Math.max(1, options.transferAttempts ?? 3);
  const now = options.now ?? (() => new Date());

  /** One signed POST: the answer, a refusal thrown, or what was lost (the caller's rule decides what that means). */
  async function post<C extends BackOfficeCallName>(name: C, request: unknown): Promise<BackOfficeAnswer<C> | Lost> {
    const definition = backOfficeCalls[name];
    // Our own input breaking the schema is a bug of ours: thrown before anything is sent.
    const body = JSON.stringify(z.encode(definition.request as z.ZodType, request));
    const url = new URL(basePath + BACK_OFFICE_PLATFORM_PREFIX + definition.path, base.origin);
    let status: number;
    let text: string;
    try {
      const response = await send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          // A new timestamp and nonce every time, a retry included (a nonce is used once).
          ...signRequest({ keyId: options.keyId, secret: options.secret, method: 'POST', path: url.pathname, body, now: now() }),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      return { lost: `${name}: ${error instanceof Error ? error.name : 'error'}` };
    }
    if (status >= 500) return { lost: `${name}: HTTP ${status}` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { lost: `${name}: HTTP ${status} answered no JSON` };
    }
    if (status >= 400 && status < 500) {
      const refusal = platformRefusalSchema.safeParse(json);
      if (refusal.success && catalogue.has(refusal.data.code)) throw new BackOfficeRefusal(refusal.data.code as ErrorCodeValue);
      return { lost: `${name}: HTTP ${status} without a catalogue code` };
    }
    if (status !== 200) return { lost: `${name}: HTTP ${status}` };
    const answer = definition.answer.safeParse(json);
    if (!answer.success) return { lost: `${name}: the answer does not fit its schema` };
    return answer.data as BackOfficeAnswer<C>;
  }

  const isLost = (answer: object): answer is Lost => 'lost' in answer;

  return {
    async lobbySignIn(request) {
      const answer = await post('lobbySignIn', request);
      // A check changes nothing the member could lose: what cannot be read is a refusal.
      if (isLost(answer)) throw new BackOfficeRefusal(ErrorCode.thirdPartyEmptyResult);
      return answer;
    },
    async lobbyTransfer(request) {
      let last = '';
      // The same request id again is applied once by the back office: asking again is not a guess.
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        let answer;
        try {
          answer = await post('lobbyTransfer', request);
        } catch (error) {
          // 37100 may be the refusal of a hop's resend of a request that was applied (its nonce
          // seen): as for the back office's own transfers (http-platform.ts), an unknown outcome.
          if (!(error instanceof BackOfficeRefusal && error.code === ErrorCode.thirdPartySignature)) throw error;
          answer = { lost: 'lobbyTransfer: signature refused (a copy of an applied request, perhaps)' };
        }
        if (!isLost(answer)) return answer;
        last = answer.lost;
      }
      throw new BackOfficeSilent(`${last} (the transfer may have been applied: ask again with request id ${request.requestId})`);
    },
  };
}
