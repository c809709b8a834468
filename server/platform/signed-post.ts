import { allErrorCodes, ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import { platformRefusalSchema, type AnswerRead } from '../../contract/platform-api.contract';
import { postText, type PostAnswer } from './http-post';
import { signRequest } from './request-signature';
import { currentRequestId, REQUEST_ID_HEADER } from '../kernel/request-id';

/**
 * What one signed POST of the platform API came to, whichever side sends it (the back office's
 * adapter, platform/http-platform.ts; the simulator's client of the back office,
 * simulator/back-office-client.ts). Each caller says what each outcome means for its call.
 */
export type SignedPostOutcome<T> =
  /** 200 with a body the call's answer schema reads. */
  | { kind: 'answer'; answer: T }
  /** 4xx with a catalogue code: the receiver applied nothing (the API's promise). */
  | { kind: 'refused'; code: ErrorCodeValue }
  /** No answer in time, the connection refused or reset, a 5xx: the call may have been applied. */
  | { kind: 'lost'; why: string }
  /** Something answered, but not as the API says (no JSON, a 4xx without a code, another status, the schema broken). */
  | { kind: 'unreadable'; why: string };

export interface SignedPostInput {
  url: URL;
  /** The request's JSON, signed as these exact bytes. */
  body: string;
  keyId: string;
  secret: string;
  /** The time the request is signed with. */
  now: Date;
  timeoutMs: number;
  /** Node's http (postText) unless a test gives a fetch of its own. */
  fetch?: typeof fetch;
  /**
   * The call applies something once per id (a transfer). Then a 37100 is no proof that nothing
   * happened: a hop that lost the answer and sent the same bytes again gets 37100 for the nonce
   * it repeats, while the first delivery was applied. It is `lost`, for the id's record to decide.
   */
  appliesOnce: boolean;
}

const catalogue = new Set<number>(allErrorCodes);

/** Node's codes of a certificate or handshake refused (besides its ERR_TLS_* and ERR_SSL_*). */
const TLS_CODES =
  /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET|VERIFY)_|HOSTNAME_MISMATCH)/;

/** Why no answer came, as an operator reads it: refused, timeout, TLS, DNS, reset, and the system's code. */
export function lostCause(error: unknown): string {
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'ETIMEDOUT') return 'timeout';
  if (typeof code === 'string') {
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection reset';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `DNS: host not found (${code})`;
    if (TLS_CODES.test(code)) return `TLS: ${code}`;
    return code;
  }
  return error instanceof Error ? error.message.slice(0, 100) : 'error';
}

/** The same POST through a fetch a test gives (one that garbles or delays answers). */
async function viaFetch(send: typeof fetch, input: SignedPostInput, headers: Record<string, string>): Promise<PostAnswer> {
  const response = await send(input.url, {
    method: 'POST',
    headers,
    body: input.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(input.timeoutMs),
  });
  return { status: response.status, text: await response.text() };
}

/** Sends one signed POST, never retried here (a retry is a new request: a new timestamp and nonce). */
export async function signedPost<T>(
  input: SignedPostInput,
  answer: { safeParse(json: unknown): AnswerRead<T> },
): Promise<SignedPostOutcome<T>> {
  // The id of the request this call serves (outside the signature): the receiver logs it, so one id follows a call across both logs.
  const requestId = currentRequestId();
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
    ...signRequest({
      keyId: input.keyId,
      secret: input.secret,
      method: 'POST',
      path: input.url.pathname,
      body: input.body,
      now: input.now,
    }),
  };
  let status: number;
  let text: string;
  try {
    ({ status, text } = input.fetch
      ? await viaFetch(input.fetch, input, headers)
      : await postText({ url: input.url, headers, body: input.body, timeoutMs: input.timeoutMs }));
  } catch (error) {
    // Timeout, refused, reset, or the answer cut off while read: nobody knows what happened.
    return { kind: 'lost', why: lostCause(error) };
  }
  if (status >= 500) return { kind: 'lost', why: `HTTP ${status}` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', why: `HTTP ${status} answered no JSON` };
  }
  if (status >= 400 && status < 500) {
    const refusal = platformRefusalSchema.safeParse(json);
    if (!refusal.success || !catalogue.has(refusal.data.code))
      return { kind: 'unreadable', why: `HTTP ${status} without a catalogue code` };
    if (input.appliesOnce && refusal.data.code === ErrorCode.thirdPartySignature) {
      return { kind: 'lost', why: `HTTP ${status} signature refused (a copy of an applied request, perhaps)` };
    }
    return { kind: 'refused', code: refusal.data.code as ErrorCodeValue };
  }
  if (status !== 200) return { kind: 'unreadable', why: `HTTP ${status}` };
  const read = answer.safeParse(json);
  if (!read.success) return { kind: 'unreadable', why: 'the answer does not fit its schema' };
  return { kind: 'answer', answer: read.data };
}
