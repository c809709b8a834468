import ky from 'ky';
import type { ErrorData } from '@contract/errors.contract';
import type { MethodName, ParamsIn, ResultOf } from '@contract/methods.contract';

/** A refusal from the gateway (catalogue code and its message in the user's language), or a network failure (code 1). */
export class GatewayError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: ErrorData,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** Code of a network failure ("001 network error", docs/product.md#error-codes). */
export const NETWORK_ERROR = 1;
/** Codes after which the stored session is worthless (docs/product.md#session). */
export const SESSION_GONE = [2202, 2221];

export interface ClientEnvironment {
  token(): string | undefined;
  language(): string;
  /** Called for 2202/2221 before the error is thrown, with its data (why an upline ended the session). */
  onSessionGone(data?: ErrorData): void;
  networkErrorMessage(): string;
}

let environment: ClientEnvironment = {
  token: () => undefined,
  language: () => 'zh',
  onSessionGone: () => undefined,
  networkErrorMessage: () => 'Network error',
};

export function configureGatewayClient(next: ClientEnvironment) {
  environment = next;
}

const api = ky.create({ timeout: false, retry: 0, throwHttpErrors: false });

/** The gateway answers on the page's own origin (one port for the app and the API). */
const apiUrl = () => (typeof location === 'undefined' ? '/api' : `${location.origin}/api`);

/** Browser and OS, as the gateway records it with each sign-in (fingerOSModel). */
function fingerOSModel(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Chrome\//.test(agent)
      ? 'Chrome'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const os = /Windows/.test(agent)
    ? 'Windows'
    : /Mac OS X/.test(agent)
      ? 'macOS'
      : /Android/.test(agent)
        ? 'Android'
        : /iPhone|iPad/.test(agent)
          ? 'iOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : 'Unknown';
  return `${browser} / ${os}`;
}

interface Answer<T> {
  result?: T;
  error?: { code: number; message: string; data?: ErrorData };
}

/**
 * Calls a gateway method as the web app does (docs/api.md#calls): POST /api with a form field "json"
 * holding the JSON-RPC envelope, the session token as opsId, terminal 7, the device, the
 * host and the language.
 */
export async function call<M extends MethodName>(
  method: M,
  params: ParamsIn<M> & { requestKey?: string } = {} as ParamsIn<M> & { requestKey?: string },
): Promise<ResultOf<M>> {
  const envelope = {
    jsonrpc: '2.0',
    id: Date.now(),
    method,
    params: {
      opsId: environment.token() ?? '',
      terminal: 7,
      fingerOSModel: fingerOSModel(),
      host: typeof location === 'undefined' ? '' : location.host,
      ztsLang: environment.language(),
      ...params,
    },
  };
  let answer: Answer<ResultOf<M>>;
  try {
    const response = await api.post(apiUrl(), { body: new URLSearchParams({ json: JSON.stringify(envelope) }) });
    answer = (await response.json()) as Answer<ResultOf<M>>;
  } catch {
    throw new GatewayError(NETWORK_ERROR, environment.networkErrorMessage());
  }
  if (answer.error) {
    if (SESSION_GONE.includes(answer.error.code)) environment.onSessionGone(answer.error.data);
    throw new GatewayError(answer.error.code, answer.error.message, answer.error.data);
  }
  return answer.result as ResultOf<M>;
}
