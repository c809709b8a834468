import { pickLanguage, type EnvelopeParams, type Language } from '../../contract/common.contract';
import { ErrorCode, type ErrorCodeValue, type ErrorData } from '../../contract/errors.contract';
import { rightsAllow, type MethodDefinition, type Rights } from '../../contract/method.contract';
import { methodCalled } from '../../contract/methods.contract';
import type { Clock } from '../kernel/clock';
import type { Database } from '../kernel/db/database';
import { databaseUnavailable } from '../kernel/db/primary-finder';
import { countryOf } from '../geo/ip-region';
import {
  callerOf,
  financeHiddenFor,
  findSession,
  sessionEndReason,
  sessionFromRow,
  tokenLooksValid,
  type Session,
} from '../kernel/session.store';
import { resolveSiteWithSession, type SiteWithSession } from '../kernel/site-session.store';
import { inMaintenance, resolveSite, type Site } from '../kernel/site.repository';
import { parseEnvelope, parsePayload } from './call-params';
import type { CallContext, GatewaySettings, Handler } from '../kernel/call-context';
import { errorMessage } from '../kernel/messages';
import { RpcError } from '../kernel/rpc-error';
import { runWrite } from './write-call';

export type JsonRpcId = string | number | null;

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: { code: number; message: string; data?: ErrorData };
}

/** What the transport knows about the HTTP request a call came in. */
export interface CallOrigin {
  /** Host name without port, lower case: decides the site. */
  host: string;
  /** Host header as sent (with port), for links back to this gateway. */
  authority: string;
  ip: string;
  /** The HTTP request's id (x-request-id): jobs a call starts carry it into their log lines. */
  requestId?: string;
  /** The request's own logger (its lines carry the request id): internal errors of its calls go there. */
  log?: { error(fields: object, message: string): void; warn(fields: object, message: string): void };
}

/** What the transport logs and counts of each call once it is answered (never its params). */
export interface CallRecord {
  /** The method as the contract names it, or null when the envelope named none the contract knows. */
  method: string | null;
  /** The catalogue code of a refusal, null for a result. */
  code: number | null;
  /** Wall time of the call, envelope read to answer. */
  ms: number;
  site: string | null;
  account: string | null;
  subAccount: string | null;
}

/** Told of every call of a request once it is answered. */
export type CallObserver = (record: CallRecord) => void;

export interface DispatcherOptions {
  db: Database;
  clock: Clock;
  contract: Record<string, MethodDefinition>;
  handlers: Record<string, Handler>;
  settings: GatewaySettings;
  /** Internal failures are reported here (never to the caller). */
  onInternalError?: (error: unknown, method: string) => void;
  /** A call failed because the database was away (answered 003): a warning, not an internal error. */
  onDatabaseUnavailable?: (error: unknown, method: string) => void;
}

/** Calls in one batch at most; a bigger batch is refused whole. */
export const MAX_BATCH = 50;

function errorResponse(id: JsonRpcId, code: ErrorCodeValue, language: Language, data?: ErrorData): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message: errorMessage(code, language), ...(data ? { data } : {}) } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Site of an HTTP request, looked up once even for a batch; the first call that brings a
 * session token has its session row read in the same statement.
 */
function siteLookup(db: Database, origin: CallOrigin) {
  let pending: Promise<SiteWithSession> | undefined;
  const country = countryOf(origin.ip);
  const input = { host: origin.host, ip: origin.ip, country };
  return {
    country,
    get: (token: string | undefined) =>
      (pending ??= token
        ? resolveSiteWithSession(db, { ...input, token })
        : resolveSite(db, input).then((site): SiteWithSession => ({ site }))),
  };
}

type SiteLookup = ReturnType<typeof siteLookup>;

/** One call of a request, as the envelope brought it. */
interface Call {
  method: string;
  rawParams: Record<string, unknown>;
  language: Language;
  origin: CallOrigin;
  site: SiteLookup;
}

/** The method's declaration and handler; own properties only: "__proto__" or "toString" are no methods. */
function methodOf(options: DispatcherOptions, method: string): { definition: MethodDefinition; handler: Handler } {
  const definition = Object.hasOwn(options.contract, method) ? options.contract[method] : undefined;
  const handler = Object.hasOwn(options.handlers, method) ? options.handlers[method] : undefined;
  if (!definition || !handler) throw new RpcError(ErrorCode.methodNotFound);
  return { definition, handler };
}

/** A site found for the call's host, with the session row of the call's token. */
type FoundSite = SiteWithSession & { site: Site };

/** The call's site. Public calls look the token up too: a company main account passes maintenance with any call. */
async function siteOf(call: Call): Promise<FoundSite> {
  const rawToken = typeof call.rawParams.opsId === 'string' ? call.rawParams.opsId : '';
  const found = await call.site.get(tokenLooksValid(rawToken) ? rawToken : undefined);
  if (!found.site) throw new RpcError(ErrorCode.unknownApplication);
  return found as FoundSite;
}

/** Refuses what the site's IP rules or maintenance close; answers whether the caller is exempt from maintenance. */
function checkSiteOpen(found: FoundSite, definition: MethodDefinition, now: Date): boolean {
  const sessionRow = found.session?.row;
  // A company main account passes a maintenance window (it may end it early), never a disabled site.
  const maintenanceExempt =
    !found.site.disabled && sessionRow !== undefined && Number(sessionRow.level) === 0 && sessionRow.sub_account_id === null;
  if (!definition.openWhileClosed) {
    if (found.site.ipBlocked) throw new RpcError(ErrorCode.ipBlocked);
    if (inMaintenance(found.site, now) && !maintenanceExempt && !definition.signInDuringMaintenance) {
      throw new RpcError(ErrorCode.siteMaintenance);
    }
  }
  return maintenanceExempt;
}

/** The session a "session" method needs, with its rights checked; null for public methods. */
async function authenticate(
  db: Database,
  definition: MethodDefinition,
  found: FoundSite,
  envelope: EnvelopeParams,
  now: Date,
): Promise<Session | null> {
  if (definition.auth !== 'session') return null;
  const site = found.site;
  const token = envelope.opsId;
  const lookup = { token: token ?? '', siteId: site.id, now, idleTimeoutSeconds: site.idleTimeoutSeconds };
  const session =
    found.session && found.session.token === token ? await sessionFromRow(db, found.session.row, lookup) : await findSession(db, lookup);
  if (!session) {
    // A session its upline ended says why (the login screen tells the user); any other just ends.
    const ended = await sessionEndReason(db, { token: token ?? '', siteId: site.id });
    throw new RpcError(ErrorCode.authFailed, ended ? { rule: `session-${ended}` } : undefined);
  }
  // Until the forced password change is done, nothing else is allowed.
  if ((session.forcePwdUpdate || session.firstLogin) && !definition.openWhilePasswordForced) {
    throw new RpcError(ErrorCode.notAuthorized);
  }
  // One rule for every caller, main account or sub-account (contract/method.contract.ts):
  // levels, route role, main accounts only, access code. The web app applies the same one.
  const financeHidden = financeHiddenFor(session, site);
  if (!rightsAllow(definition.rights, { ...callerOf(session), financeHidden })) throw new RpcError(ErrorCode.notAuthorized);
  return session;
}

/** A call about another account than the caller's own needs that method's rights for others too. */
function checkOtherAccountRights(rights: Rights, session: Session, site: Site, payload: unknown): void {
  const userId = isRecord(payload) ? payload.userId : undefined;
  if (userId === undefined || String(userId) === session.accountId) return;
  if (!rightsAllow(rights, { ...callerOf(session), financeHidden: financeHiddenFor(session, site) })) {
    throw new RpcError(ErrorCode.notAuthorized);
  }
}

/** What the handler gets; its after-commit tasks are collected in `committed`. */
function callContext(
  options: DispatcherOptions,
  call: Call,
  checked: { site: Site; session: Session | null; envelope: EnvelopeParams; now: Date; maintenanceExempt: boolean },
  committed: (() => void)[],
): CallContext {
  const { envelope } = checked;
  return {
    db: options.db,
    site: checked.site,
    session: checked.session,
    ip: call.origin.ip,
    country: call.site.country,
    language: call.language,
    host: call.origin.host,
    authority: call.origin.authority,
    now: checked.now,
    audit: {},
    settings: options.settings,
    terminal: String(envelope.terminal ?? ''),
    device: envelope.fingerOSModel ?? '',
    afterCommit: (task) => {
      committed.push(task);
    },
    requestKey: envelope.requestKey ?? null,
    maintenanceExempt: checked.maintenanceExempt,
    requestId: call.origin.requestId ?? null,
  };
}

/** The handler's after-commit tasks, each on its own: one that fails is reported, the others still run. */
function runCommitted(options: DispatcherOptions, committed: (() => void)[], method: string): void {
  for (const task of committed) {
    try {
      task();
    } catch (error) {
      options.onInternalError?.(error, method);
    }
  }
}

/** Who a call turned out to be, filled in as the gates learn it (for the call's log line). */
type CallTrace = Pick<CallRecord, 'method' | 'site' | 'account' | 'subAccount'>;

/** A call through every gate, then its handler (a write in its transaction), its result checked against the contract. */
async function execute(options: DispatcherOptions, call: Call, trace: CallTrace): Promise<unknown> {
  const method = methodCalled(call.method);
  const { definition, handler } = methodOf(options, method);
  trace.method = method;
  const found = await siteOf(call);
  trace.site = found.site.id;
  const now = options.clock.now();
  const maintenanceExempt = checkSiteOpen(found, definition, now);
  const envelope = parseEnvelope(call.rawParams);
  // Rights before the method's params: a caller without them gets 11003, never a rule of the params.
  const session = await authenticate(options.db, definition, found, envelope, now);
  const payload = parsePayload(definition, call.rawParams);
  if (session && definition.otherAccountRights) checkOtherAccountRights(definition.otherAccountRights, session, found.site, payload);
  trace.account = session?.accountId ?? null;
  trace.subAccount = session?.subAccountId ?? null;

  const committed: (() => void)[] = [];
  const ctx = callContext(options, call, { site: found.site, session, envelope, now, maintenanceExempt }, committed);
  const result =
    definition.effect === 'write' && session
      ? await runWrite(options, { definition, handler, ctx, session, method, payload, requestKey: envelope.requestKey })
      : definition.result.parse(await handler(ctx, payload as never));
  runCommitted(options, committed, method);
  return result;
}

/** An envelope's method, params and id, or the answer that refuses it. */
function readEnvelope(
  envelope: unknown,
):
  | { ok: true; id: JsonRpcId; method: string; params: Record<string, unknown>; language: Language; isNotification: boolean }
  | { ok: false; answer: JsonRpcResponse } {
  const params = isRecord(envelope) && isRecord(envelope.params) ? envelope.params : undefined;
  const language = pickLanguage(params?.ztsLang);
  if (!isRecord(envelope)) return { ok: false, answer: errorResponse(null, ErrorCode.invalidRequest, language) };
  const rawId = envelope.id;
  const idValid =
    rawId === undefined || rawId === null || typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId));
  const id: JsonRpcId = idValid && rawId !== undefined ? (rawId as JsonRpcId) : null;
  if (envelope.jsonrpc !== '2.0' || typeof envelope.method !== 'string' || !idValid) {
    return { ok: false, answer: errorResponse(id, ErrorCode.invalidRequest, language) };
  }
  if (envelope.params !== undefined && !isRecord(envelope.params)) {
    return { ok: false, answer: errorResponse(id, ErrorCode.invalidParams, language, { field: 'params', rule: 'by-name' }) };
  }
  return { ok: true, id, method: envelope.method, params: params ?? {}, language, isNotification: rawId === undefined };
}

/** One envelope -> its answer (null for a notification, which gets none). */
async function dispatchOne(
  options: DispatcherOptions,
  envelope: unknown,
  origin: CallOrigin,
  site: SiteLookup,
  observe: CallObserver | undefined,
): Promise<JsonRpcResponse | null> {
  const started = performance.now();
  const trace: CallTrace = { method: null, site: null, account: null, subAccount: null };
  const done = (code: number | null) => observe?.({ ...trace, code, ms: Math.round((performance.now() - started) * 10) / 10 });
  const read = readEnvelope(envelope);
  if (!read.ok) {
    done(read.answer.error?.code ?? null);
    return read.answer;
  }
  const { id, method, language, isNotification } = read;
  try {
    const result = await execute(options, { method, rawParams: read.params, language, origin, site }, trace);
    done(null);
    return isNotification ? null : { jsonrpc: '2.0', id, result };
  } catch (error) {
    // The database away (its server gone, or read-only: a failover under way): the data error,
    // and the call is safe to repeat with its request key (a write's key lives in its transaction).
    const unavailable = !(error instanceof RpcError) && databaseUnavailable(error);
    const code = error instanceof RpcError ? error.code : unavailable ? ErrorCode.dataError : ErrorCode.unknownException;
    if (unavailable) options.onDatabaseUnavailable?.(error, method);
    else if (!(error instanceof RpcError)) options.onInternalError?.(error, method);
    done(code);
    if (isNotification) return null;
    if (error instanceof RpcError) return errorResponse(id, error.code, language, error.data);
    return errorResponse(id, code, language);
  }
}

/** A single envelope or a batch, as parsed from the body. */
async function dispatch(
  options: DispatcherOptions,
  body: unknown,
  origin: CallOrigin,
  observe: CallObserver | undefined,
): Promise<JsonRpcResponse | JsonRpcResponse[] | null> {
  const site = siteLookup(options.db, origin);
  const log = origin.log;
  if (log)
    options = {
      ...options,
      onInternalError: (error, method) => log.error({ err: error, method }, 'internal error in a call'),
      onDatabaseUnavailable: (error, method) =>
        log.warn({ method, reason: error instanceof Error ? error.message : String(error) }, 'database unavailable: answered 003'),
    };
  if (!Array.isArray(body)) return dispatchOne(options, body, origin, site, observe);
  if (body.length === 0) return errorResponse(null, ErrorCode.invalidRequest, 'zh');
  if (body.length > MAX_BATCH) return errorResponse(null, ErrorCode.batchTooLarge, pickLanguage(undefined));
  const answers: JsonRpcResponse[] = [];
  // In order, one after the other: a batch is a list of calls, not a transaction.
  for (const envelope of body) {
    const answer = await dispatchOne(options, envelope, origin, site, observe);
    if (answer) answers.push(answer);
  }
  return answers.length > 0 ? answers : null;
}

/**
 * The one dispatcher behind every transport: envelope -> method -> site gates -> params ->
 * session -> rights -> handler (in a transaction for writes, with idempotency and the
 * operation record: write-call.ts) -> result checked against the contract.
 */
export function createDispatcher(options: DispatcherOptions) {
  return {
    /** A single envelope or a batch, as parsed from the body; `observe` hears of each call once answered. */
    dispatch: (body: unknown, origin: CallOrigin, observe?: CallObserver) => dispatch(options, body, origin, observe),
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
