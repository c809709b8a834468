import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { envelopeParamNames, envelopeParamsSchema, pickLanguage, type Language } from '../../contract/common.contract';
import { ErrorCode, type ErrorCodeValue, type ErrorData } from '../../contract/errors.contract';
import { rightsAllow, type MethodDefinition } from '../../contract/method.contract';
import type { Clock } from '../clock';
import { prepared, type Database, type Queryable } from '../db/database';
import { checkOwnSecret } from '../auth/secret-check';
import { countryOf, regionOf } from '../geo/ip-region';
import { callerOf, financeHiddenFor, findSession, sessionFromRow, tokenLooksValid, type Session } from '../sessions/session.store';
import { resolveSiteWithSession, type SiteWithSession } from '../sessions/site-session.store';
import { inMaintenance, resolveSite } from '../sites/site.repository';
import { canonicalJson } from './canonical-json';
import { errorMessage } from './messages';
import { operationInsertSql, storableText } from './operation-log';
import type { CallContext, GatewaySettings, Handler } from './call-context';
import { RpcError } from './rpc-error';

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
}

export interface DispatcherOptions {
  db: Database;
  clock: Clock;
  contract: Record<string, MethodDefinition>;
  handlers: Record<string, Handler>;
  settings: GatewaySettings;
  /** Internal failures are reported here (never to the caller). */
  onInternalError?: (error: unknown, method: string) => void;
}

/** Calls in one batch at most; a bigger batch is refused whole. */
export const MAX_BATCH = 50;

class RequestKeyTaken extends Error {}

interface WriteCall {
  definition: MethodDefinition;
  handler: Handler;
  ctx: CallContext;
  session: Session;
  method: string;
  payload: Record<string, unknown>;
  requestKey: string | undefined;
}

interface StoredKey {
  params_hash: string;
  result: unknown;
}

function errorResponse(id: JsonRpcId, code: ErrorCodeValue, language: Language, data?: ErrorData): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message: errorMessage(code, language), ...(data ? { data } : {}) } };
}

/** Zod issues -> 700 when a required param is absent, else 100, naming the field and rule. */
function paramsError(error: z.ZodError, input: Record<string, unknown>): RpcError {
  const issue = error.issues[0];
  if (!issue) return new RpcError(ErrorCode.invalidParams);
  const field = issue.path.map(String).join('.');
  const top = issue.path[0];
  if (issue.input === undefined && typeof top === 'string' && input[top] === undefined) {
    return new RpcError(ErrorCode.missingParams, { field, rule: 'required' });
  }
  // Rules of contract/rules.contract.ts carry their own name ("password-uppercase") as message.
  const rule = /^[a-z0-9]+(-[a-z0-9]+)+$/.test(issue.message)
    ? issue.message
    : issue.code === 'invalid_format'
      ? `format:${issue.format}`
      : issue.code === 'invalid_type'
        ? `type:${issue.expected}`
        : issue.code;
  return new RpcError(ErrorCode.invalidParams, { field, rule });
}

// In a /u pattern a surrogate pair is one code point, so \p{Cs} matches only a lone surrogate.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What a string cannot be, whatever the method: PostgreSQL text holds no NUL character, and a
 * lone UTF-16 surrogate is no character at all (it cannot be stored as UTF-8 or JSON either).
 * Such a param is refused up front (100) instead of failing in the database.
 */
function textProblem(text: string): 'nul-character' | 'unpaired-surrogate' | null {
  if (text.includes('\u0000')) return 'nul-character';
  return LONE_SURROGATE.test(text) ? 'unpaired-surrogate' : null;
}

/** The first string (value or key) of the params that PostgreSQL could not store, with its path and rule. */
function badTextOf(value: unknown, path: string[] = [], depth = 0): { field: string; rule: string } | null {
  if (typeof value === 'string') {
    const rule = textProblem(value);
    return rule ? { field: path.join('.') || 'params', rule } : null;
  }
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const keyRule = textProblem(key);
    if (keyRule) return { field: [...path, storableText(key)].join('.'), rule: keyRule };
    const found = badTextOf(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The one dispatcher behind every transport: envelope -> method -> site gates -> params ->
 * session -> rights -> handler (in a transaction for writes, with idempotency and the
 * operation record) -> result checked against the contract.
 */
export function createDispatcher(options: DispatcherOptions) {
  const { db, clock, contract, handlers } = options;

  /**
   * Site of an HTTP request, looked up once even for a batch; the first call that brings a
   * session token has its session row read in the same statement.
   */
  function siteLookup(origin: CallOrigin) {
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

  function operationInsert(call: WriteCall, level: 'normal' | 'warn' | 'error', code: number | null) {
    const { ctx, session } = call;
    return operationInsertSql({
      siteId: session.siteId,
      accountId: session.accountId,
      subAccountId: session.subAccountId,
      operatorLogin: session.loginId,
      method: call.method,
      targetId: ctx.audit.targetId,
      summary: ctx.audit.summary,
      // A refused or failed call changed nothing, whatever its handler noted before it stopped.
      changes: level === 'normal' ? ctx.audit.changes : undefined,
      params: call.payload,
      ip: ctx.ip,
      region: regionOf(ctx.country, ctx.ip),
      terminal: ctx.terminal,
      level,
      code,
      requestKey: call.requestKey,
      at: ctx.now,
    });
  }

  async function writeOperation(target: Queryable, call: WriteCall, level: 'normal' | 'warn' | 'error', code: number | null) {
    await target.run(operationInsert(call, level, code));
  }

  async function storedKey(call: WriteCall, requestKey: string) {
    return db.one<StoredKey>(sql`SELECT params_hash, result FROM request_keys
      WHERE site_id = ${call.session.siteId} AND account_id = ${call.session.accountId}
        AND method = ${call.method} AND request_key = ${requestKey}`);
  }

  function replay(stored: StoredKey, paramsHash: string): unknown {
    if (stored.params_hash !== paramsHash) throw new RpcError(ErrorCode.illegalOperation, { field: 'requestKey', rule: 'reused' });
    return stored.result;
  }

  /**
   * The caller's own secret a step-up method carries, checked on the database itself before the
   * call's transaction: the attempt's slot is taken and kept even though the call is refused.
   */
  async function checkStepUp(call: WriteCall, stepUp: NonNullable<MethodDefinition['stepUp']>, checkedBefore: boolean): Promise<void> {
    const { ctx, session } = call;
    const value = call.payload[stepUp.param];
    const origin = { siteId: session.siteId, ip: ctx.ip, now: ctx.now, ipLimit: options.settings.loginIpLimit, method: call.method };
    const ok =
      typeof value === 'string' &&
      (await checkOwnSecret(db, origin, {
        accountId: session.accountId,
        subAccountId: session.subAccountId,
        secret: stepUp.secret,
        value,
        checkedBefore,
      }));
    if (!ok) throw new RpcError(stepUp.secret === 'password' ? ErrorCode.oldPasswordWrong : ErrorCode.safeCodeWrong);
  }

  /** A write by a session: one transaction with its idempotency key and operation record. */
  async function runWrite(call: WriteCall): Promise<unknown> {
    const { ctx, session, method, requestKey: key } = call;
    const paramsHash = createHash('sha256').update(canonicalJson(call.payload)).digest('hex');
    // The handler's after-commit tasks are passed on only when its own run commits: with a
    // request key it may run and be rolled back because the key was taken (a replay).
    const afterOwnCommit: (() => void)[] = [];
    try {
      if (call.definition.stepUp) {
        // A replay has its secret checked and counted first, like a new call: the key's hash holds
        // the secret, so an unchecked replay would tell a right secret from a wrong one (20011) for
        // free. The same params as the first call carry the secret that was checked right then.
        const stored = key ? await storedKey(call, key) : undefined;
        await checkStepUp(call, call.definition.stepUp, stored?.params_hash === paramsHash);
        if (stored) return replay(stored, paramsHash);
      }
      try {
        const committed = await db.transaction(async (tx) => {
          // A replay answers first, before any other check (GATEWAY.md): the key row goes in
          // before the handler's statements (in the same round trip as its first); one already
          // there (or a concurrent call's, once that one commits) ends this transaction, whatever
          // the handler did or threw, and the stored answer is given (catch below).
          const keyInserted = key
            ? tx.run(
                prepared(sql`INSERT INTO request_keys
                (site_id, account_id, method, request_key, params_hash, created_at)
                VALUES (${session.siteId}, ${session.accountId}, ${method}, ${key}, ${paramsHash}, ${ctx.now})
                ON CONFLICT DO NOTHING`),
              )
            : Promise.resolve(1);
          // Observed now, awaited after the handler: a failure meanwhile is never "unhandled".
          keyInserted.catch(() => undefined);
          const keyTaken = async () => (await keyInserted) === 0;
          let handled: unknown;
          try {
            handled = await call.handler({ ...ctx, db: tx, afterCommit: (task) => afterOwnCommit.push(task) }, call.payload as never);
          } catch (error) {
            if (await keyTaken()) throw new RequestKeyTaken();
            throw error;
          }
          if (await keyTaken()) throw new RequestKeyTaken();
          const result = call.definition.result.parse(handled);
          // The answer for replays and the operation record in one statement, sent with COMMIT:
          // the handler's row locks are held until the commit, so every round trip here is time
          // others wait.
          const stored = key
            ? sql`WITH stored AS (UPDATE request_keys SET result = ${JSON.stringify(result)}::jsonb
                WHERE site_id = ${session.siteId} AND account_id = ${session.accountId}
                  AND method = ${method} AND request_key = ${key} RETURNING 1) `
            : sql``;
          await tx.runAndCommit(prepared(sql`${stored}${operationInsert(call, 'normal', null)}`));
          return result;
        });
        for (const task of afterOwnCommit) ctx.afterCommit(task);
        return committed;
      } catch (error) {
        if (!(error instanceof RequestKeyTaken && key)) throw error;
        const stored = await storedKey(call, key);
        if (stored) return replay(stored, paramsHash);
        throw new RpcError(ErrorCode.illegalOperation, { field: 'requestKey', rule: 'in-flight' });
      }
    } catch (error) {
      // Refusals and failures are recorded after the rollback, outside the effect's transaction.
      const refused = error instanceof RpcError;
      await writeOperation(db, call, refused ? 'warn' : 'error', refused ? error.code : ErrorCode.unknownException).catch(
        (recordError: unknown) => options.onInternalError?.(recordError, method),
      );
      throw error;
    }
  }

  async function execute(
    method: string,
    rawParams: Record<string, unknown>,
    language: Language,
    origin: CallOrigin,
    site: ReturnType<typeof siteLookup>,
  ): Promise<unknown> {
    // Own properties only: "__proto__" or "toString" are no methods.
    const definition = Object.hasOwn(contract, method) ? contract[method] : undefined;
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
    if (!definition || !handler) throw new RpcError(ErrorCode.methodNotFound);

    // Public calls look the token up too: a company main account passes maintenance with any call.
    const rawToken = typeof rawParams.opsId === 'string' ? rawParams.opsId : '';
    const found = await site.get(tokenLooksValid(rawToken) ? rawToken : undefined);
    const resolved = found.site;
    if (!resolved) throw new RpcError(ErrorCode.unknownApplication);
    const now = clock.now();
    const sessionRow = found.session?.row;
    const maintenanceExempt = sessionRow !== undefined && Number(sessionRow.level) === 0 && sessionRow.sub_account_id === null;
    if (!definition.openWhileClosed) {
      if (resolved.ipBlocked) throw new RpcError(ErrorCode.ipBlocked);
      if (inMaintenance(resolved, now) && !maintenanceExempt && !definition.signInDuringMaintenance) {
        throw new RpcError(ErrorCode.siteMaintenance);
      }
    }

    const badText = badTextOf(rawParams);
    if (badText !== null) throw new RpcError(ErrorCode.invalidParams, badText);
    const envelopeParams = envelopeParamsSchema.safeParse(rawParams, { reportInput: true });
    if (!envelopeParams.success) throw paramsError(envelopeParams.error, rawParams);
    const payloadInput = Object.fromEntries(Object.entries(rawParams).filter(([k]) => !(envelopeParamNames as string[]).includes(k)));
    const parsed = definition.params.safeParse(payloadInput, { reportInput: true });
    if (!parsed.success) throw paramsError(parsed.error, payloadInput);
    const payload = parsed.data as Record<string, unknown>;

    let session: Session | null = null;
    if (definition.auth === 'session') {
      const token = envelopeParams.data.opsId;
      const lookup = { token: token ?? '', siteId: resolved.id, now, idleTimeoutSeconds: resolved.idleTimeoutSeconds };
      session =
        found.session && found.session.token === token
          ? await sessionFromRow(db, found.session.row, lookup)
          : await findSession(db, lookup);
      if (!session) throw new RpcError(ErrorCode.authFailed);
      // Until the forced password change is done, nothing else is allowed.
      if ((session.forcePwdUpdate || session.firstLogin) && !definition.openWhilePasswordForced) {
        throw new RpcError(ErrorCode.notAuthorized);
      }
      // One rule for every caller, main account or sub-account (contract/method.contract.ts):
      // levels, route role, main accounts only, access code. The web app applies the same one.
      const financeHidden = financeHiddenFor(session, resolved);
      if (!rightsAllow(definition.rights, { ...callerOf(session), financeHidden })) throw new RpcError(ErrorCode.notAuthorized);
    }

    const committed: (() => void)[] = [];
    const ctx: CallContext = {
      db,
      site: resolved,
      session,
      ip: origin.ip,
      country: site.country,
      language,
      host: origin.host,
      authority: origin.authority,
      now,
      audit: {},
      settings: options.settings,
      terminal: String(envelopeParams.data.terminal ?? ''),
      device: envelopeParams.data.fingerOSModel ?? '',
      afterCommit: (task) => {
        committed.push(task);
      },
      requestKey: envelopeParams.data.requestKey ?? null,
      maintenanceExempt,
    };
    const result =
      definition.effect === 'write' && session
        ? await runWrite({ definition, handler, ctx, session, method, payload, requestKey: envelopeParams.data.requestKey })
        : definition.result.parse(await handler(ctx, payload as never));
    for (const task of committed) {
      try {
        task();
      } catch (error) {
        options.onInternalError?.(error, method);
      }
    }
    return result;
  }

  /** One envelope -> its answer (null for a notification, which gets none). */
  async function dispatchOne(envelope: unknown, origin: CallOrigin, site: ReturnType<typeof siteLookup>): Promise<JsonRpcResponse | null> {
    const params = isRecord(envelope) && isRecord(envelope.params) ? envelope.params : undefined;
    const language = pickLanguage(params?.ztsLang);
    if (!isRecord(envelope)) return errorResponse(null, ErrorCode.invalidRequest, language);
    const rawId = envelope.id;
    const idValid =
      rawId === undefined || rawId === null || typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId));
    const id: JsonRpcId = idValid && rawId !== undefined ? (rawId as JsonRpcId) : null;
    if (envelope.jsonrpc !== '2.0' || typeof envelope.method !== 'string' || !idValid) {
      return errorResponse(id, ErrorCode.invalidRequest, language);
    }
    if (envelope.params !== undefined && !isRecord(envelope.params)) {
      return errorResponse(id, ErrorCode.invalidParams, language, { field: 'params', rule: 'by-name' });
    }
    const isNotification = rawId === undefined;
    try {
      const result = await execute(envelope.method, params ?? {}, language, origin, site);
      return isNotification ? null : { jsonrpc: '2.0', id, result };
    } catch (error) {
      if (isNotification) return null;
      if (error instanceof RpcError) return errorResponse(id, error.code, language, error.data);
      options.onInternalError?.(error, envelope.method);
      return errorResponse(id, ErrorCode.unknownException, language);
    }
  }

  return {
    /** A single envelope or a batch, as parsed from the body. */
    async dispatch(body: unknown, origin: CallOrigin): Promise<JsonRpcResponse | JsonRpcResponse[] | null> {
      const site = siteLookup(origin);
      if (Array.isArray(body)) {
        if (body.length === 0) return errorResponse(null, ErrorCode.invalidRequest, 'zh');
        if (body.length > MAX_BATCH) return errorResponse(null, ErrorCode.batchTooLarge, pickLanguage(undefined));
        const answers: JsonRpcResponse[] = [];
        // In order, one after the other: a batch is a list of calls, not a transaction.
        for (const envelope of body) {
          const answer = await dispatchOne(envelope, origin, site);
          if (answer) answers.push(answer);
        }
        return answers.length > 0 ? answers : null;
      }
      return dispatchOne(body, origin, site);
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
