import { createHash } from 'node:crypto';
import { sql } from '../kernel/db/sql';
import { ErrorCode } from '../../contract/errors.contract';
import { stepUpsOf, type MethodDefinition, type StepUp } from '../../contract/method.contract';
import { checkOwnSecret } from '../credentials/secret-check';
import { prepared, type Database, type Queryable } from '../kernel/db/database';
import { databaseUnavailable } from '../kernel/db/primary-finder';
import { regionOf } from '../geo/ip-region';
import type { Session } from '../kernel/session.store';
import type { CallContext, GatewaySettings, Handler } from '../kernel/call-context';
import { canonicalJson } from '../kernel/canonical-json';
import { operationInsertSql } from '../kernel/operation-log';
import { RpcError } from '../kernel/rpc-error';

// A write by a session, step by step: the step-up secret, one transaction holding the request
// key, the handler's statements, the stored answer and the operation record; a refusal recorded
// after the rollback.

/** What a write needs from the dispatcher. */
export interface WriteDeps {
  db: Database;
  settings: GatewaySettings;
  /** Internal failures are reported here (never to the caller). */
  onInternalError?: (error: unknown, method: string) => void;
}

export interface WriteCall {
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

class RequestKeyTaken extends Error {}

type OperationLevel = 'normal' | 'warn' | 'error';

function operationInsert(call: WriteCall, level: OperationLevel, code: number | null) {
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

function storedKey(db: Queryable, call: WriteCall, requestKey: string) {
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
async function checkStepUp(deps: WriteDeps, call: WriteCall, stepUp: StepUp, checkedBefore: boolean) {
  const { ctx, session } = call;
  const value = call.payload[stepUp.param];
  const origin = { siteId: session.siteId, ip: ctx.ip, now: ctx.now, ipLimit: deps.settings.loginIpLimit, method: call.method };
  const ok =
    typeof value === 'string' &&
    (await checkOwnSecret(deps.db, origin, {
      accountId: session.accountId,
      subAccountId: session.subAccountId,
      secret: stepUp.secret,
      value,
      checkedBefore,
    }));
  if (!ok) throw new RpcError(stepUp.secret === 'password' ? ErrorCode.oldPasswordWrong : ErrorCode.safeCodeWrong);
}

/**
 * A step-up call's replay has its secret checked and counted first, like a new call: the key's
 * hash holds the secret, so an unchecked replay would tell a right secret from a wrong one
 * (20011) for free. The same params as the first call carry the secret that was checked right
 * then. Answers the replay's stored answer, or undefined for a new call.
 */
async function stepUpFirst(deps: WriteDeps, call: WriteCall, paramsHash: string): Promise<{ replayed: unknown } | undefined> {
  const stepUps = stepUpsOf(call.definition);
  if (stepUps.length === 0) return undefined;
  const stored = call.requestKey ? await storedKey(deps.db, call, call.requestKey) : undefined;
  for (const stepUp of stepUps) await checkStepUp(deps, call, stepUp, stored?.params_hash === paramsHash);
  return stored ? { replayed: replay(stored, paramsHash) } : undefined;
}

/**
 * The key row goes in before the handler's statements (in the same round trip as its first).
 * Answers whether a key was already there (or a concurrent call's, once that one commits).
 */
function insertRequestKey(tx: Queryable, call: WriteCall, paramsHash: string): () => Promise<boolean> {
  const { session, method, requestKey: key, ctx } = call;
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
  return async () => (await keyInserted) === 0;
}

/**
 * The answer for replays and the operation record in one statement, sent with COMMIT: the
 * handler's row locks are held until the commit, so every round trip here is time others wait.
 */
function commitAnswer(tx: Queryable, call: WriteCall, result: unknown) {
  const { session, method, requestKey: key } = call;
  const stored = key
    ? sql`WITH stored AS (UPDATE request_keys SET result = ${JSON.stringify(result)}::jsonb
        WHERE site_id = ${session.siteId} AND account_id = ${session.accountId}
          AND method = ${method} AND request_key = ${key} RETURNING 1) `
    : sql``;
  return tx.runAndCommit(prepared(sql`${stored}${operationInsert(call, 'normal', null)}`));
}

/**
 * The call's transaction. A replay answers first, before any other check (docs/product.md#request-keys): a key
 * already taken ends this transaction, whatever the handler did or threw (RequestKeyTaken).
 */
function runInTransaction(deps: WriteDeps, call: WriteCall, paramsHash: string, afterOwnCommit: (() => void)[]) {
  return deps.db.transaction(async (tx) => {
    const keyTaken = insertRequestKey(tx, call, paramsHash);
    let handled: unknown;
    try {
      handled = await call.handler({ ...call.ctx, db: tx, afterCommit: (task) => afterOwnCommit.push(task) }, call.payload as never);
    } catch (error) {
      if (await keyTaken()) throw new RequestKeyTaken();
      throw error;
    }
    if (await keyTaken()) throw new RequestKeyTaken();
    const result = call.definition.result.parse(handled);
    await commitAnswer(tx, call, result);
    return result;
  });
}

/** The transaction, or the stored answer when its request key turned out taken. */
async function runOrReplay(deps: WriteDeps, call: WriteCall, paramsHash: string): Promise<unknown> {
  const key = call.requestKey;
  // The handler's after-commit tasks are passed on only when its own run commits: with a
  // request key it may run and be rolled back because the key was taken (a replay).
  const afterOwnCommit: (() => void)[] = [];
  try {
    const committed = await runInTransaction(deps, call, paramsHash, afterOwnCommit);
    for (const task of afterOwnCommit) call.ctx.afterCommit(task);
    return committed;
  } catch (error) {
    if (!(error instanceof RequestKeyTaken && key)) throw error;
    const stored = await storedKey(deps.db, call, key);
    if (stored) return replay(stored, paramsHash);
    throw new RpcError(ErrorCode.illegalOperation, { field: 'requestKey', rule: 'in-flight' });
  }
}

/** Refusals and failures are recorded after the rollback, outside the effect's transaction. */
async function recordFailure(deps: WriteDeps, call: WriteCall, error: unknown): Promise<void> {
  const refused = error instanceof RpcError;
  const code = refused ? error.code : databaseUnavailable(error) ? ErrorCode.dataError : ErrorCode.unknownException;
  await deps.db.run(operationInsert(call, refused ? 'warn' : 'error', code));
}

/** A write by a session: one transaction with its idempotency key and operation record. */
export async function runWrite(deps: WriteDeps, call: WriteCall): Promise<unknown> {
  // A preview's token is no part of what a request key stands for: a retry with the same key
  // answers the first result, whichever preview the user confirmed again before it.
  const paramsHash = createHash('sha256')
    .update(canonicalJson({ ...call.payload, previewToken: undefined }))
    .digest('hex');
  try {
    const stepUp = await stepUpFirst(deps, call, paramsHash);
    if (stepUp) return stepUp.replayed;
    return await runOrReplay(deps, call, paramsHash);
  } catch (error) {
    // With the database away the record cannot be written either: the 003 answer says enough.
    await recordFailure(deps, call, error).catch(
      (recordError: unknown) => databaseUnavailable(recordError) || deps.onInternalError?.(recordError, call.method),
    );
    throw error;
  }
}
