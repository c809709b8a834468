import { sql } from '../../server/kernel/db/sql';
import { formatCents } from '../../contract/amount.contract';
import type { TransferResult } from '../../machines/score-transfer.machine';
import type { Queryable } from '../../server/kernel/db/database';
import { checkLedger, formatLedgerReport } from '../../server/points/ledger-check';
import { canonicalJson } from '../../server/kernel/canonical-json';
import { createSession } from '../../server/kernel/session.store';
import { rawRequest } from './http-client';

/**
 * Random score ups and downs over a site's tree through the HTTP gateway, with replays, and
 * the checks that follow: the ledger check, and exactly-once for every acknowledged request.
 */

export type ScoreMethod = 'gw.credit.user.score.up' | 'gw.credit.user.score.down';

export interface Pair {
  operatorId: string;
  token: string;
  childId: string;
  childLevel: number;
}

export interface ScoreOp {
  key: string;
  method: ScoreMethod;
  operatorId: string;
  token: string;
  userId: string;
  /** Cents. */
  cents: number;
}

export type Outcome = { kind: 'result'; result: TransferResult } | { kind: 'refused'; code: number } | { kind: 'lost'; reason: string };

/** A small seeded generator, so a failing run can be repeated with the seed it prints. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Every parent-child pair of a site, with a session for each parent, and the pairs of one hot
 * parent (its first `hotChildren` children).
 */
export async function loadPairs(db: Queryable, input: { siteId: string; hotParent: string; hotChildren: number; now: Date }) {
  const rows = await db.rows<{ parent_id: string | number; child_id: string | number; child_level: number; parent_login: string }>(sql`
    SELECT p.id AS parent_id, c.id AS child_id, c.level AS child_level, p.login_id AS parent_login
      FROM accounts c JOIN accounts p ON p.id = c.parent_id
     WHERE c.site_id = ${input.siteId} ORDER BY c.id`);
  const tokens = new Map<string, string>();
  const pairs: (Pair & { parentLogin: string })[] = [];
  for (const row of rows) {
    const operatorId = String(row.parent_id);
    if (!tokens.has(operatorId))
      tokens.set(operatorId, await createSession(db, { siteId: input.siteId, accountId: operatorId, now: input.now }));
    pairs.push({
      operatorId,
      token: tokens.get(operatorId)!,
      childId: String(row.child_id),
      childLevel: row.child_level,
      parentLogin: row.parent_login,
    });
  }
  const hot = pairs.filter((pair) => pair.parentLogin === input.hotParent).slice(0, input.hotChildren);
  // The rest of the load goes everywhere else, so the hot parent gets its half and no more.
  const others = pairs.filter((pair) => pair.parentLogin !== input.hotParent);
  return { pairs: others, hot, accounts: new Set(rows.flatMap((row) => [String(row.parent_id), String(row.child_id)])).size };
}

/**
 * Half of the operations on the hot parent's children, half on the other pairs of the tree; ups
 * and downs alike, in amounts that fit what the seeded accounts hold (members little).
 */
export function makeOps(input: { pairs: Pair[]; hot: Pair[]; count: number; random: () => number; runId: string }): ScoreOp[] {
  const { pairs, hot, random } = input;
  return Array.from({ length: input.count }, (_, index) => {
    const onHot = random() < 0.5;
    const pair = onHot ? hot[Math.floor(random() * hot.length)]! : pairs[Math.floor(random() * pairs.length)]!;
    // One in twenty asks for more than anyone holds: refusals under load must change nothing either.
    const cents = random() < 0.05 ? 10_000_000_000 : 1 + Math.floor(random() * (onHot ? 500 : pair.childLevel === 5 ? 5_000 : 50_000));
    return {
      key: `${input.runId}-${index}`,
      method: random() < 0.5 ? 'gw.credit.user.score.up' : 'gw.credit.user.score.down',
      operatorId: pair.operatorId,
      token: pair.token,
      userId: pair.childId,
      cents,
    };
  });
}

/** One call over HTTP: a result, a refusal, or lost (no answer: connection refused, reset, killed). */
export async function send(baseUrl: string, op: ScoreOp): Promise<Outcome> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: op.key,
    method: op.method,
    params: { opsId: op.token, userId: op.userId, amount: formatCents(op.cents), requestKey: op.key },
  });
  try {
    const res = await rawRequest(baseUrl, { path: '/api', headers: { 'content-type': 'application/json' }, body });
    const answer = res.json as { result?: TransferResult; error?: { code: number } } | undefined;
    if (res.status === 200 && answer?.result) return { kind: 'result', result: answer.result };
    if (res.status === 200 && answer?.error) return { kind: 'refused', code: answer.error.code };
    return { kind: 'lost', reason: `HTTP ${res.status} ${res.text.slice(0, 200)}` };
  } catch (error) {
    return { kind: 'lost', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Refusals a load of ups and downs may meet: a balance too low on either side. */
export const EXPECTED_REFUSALS = new Set([37110, 37111]);

/** What every request key got; the first result of a key is the one every later answer must repeat. */
export class LoadRecord {
  readonly keys = new Map<string, { op: ScoreOp; result?: TransferResult; calls: number; refusals: number[]; lost: number }>();
  readonly problems: string[] = [];
  replays = 0;

  /** `expected`: the refusals this load may meet (20032 too when members play meanwhile). */
  constructor(readonly expected: ReadonlySet<number> = EXPECTED_REFUSALS) {}

  record(op: ScoreOp, outcome: Outcome): void {
    let entry = this.keys.get(op.key);
    if (!entry) {
      entry = { op, calls: 0, refusals: [], lost: 0 };
      this.keys.set(op.key, entry);
    } else {
      this.replays++;
    }
    entry.calls++;
    if (outcome.kind === 'lost') entry.lost++;
    if (outcome.kind === 'refused') {
      entry.refusals.push(outcome.code);
      if (!this.expected.has(outcome.code)) this.problems.push(`${op.key}: unexpected code ${outcome.code}`);
    }
    if (outcome.kind === 'result') {
      if (!entry.result) entry.result = outcome.result;
      else if (canonicalJson(entry.result) !== canonicalJson(outcome.result)) {
        this.problems.push(`${op.key}: replay answered ${JSON.stringify(outcome.result)}, first answer ${JSON.stringify(entry.result)}`);
      }
    }
  }

  get acknowledged() {
    return [...this.keys.values()].filter((entry) => entry.result !== undefined);
  }

  /** Keys that never got an answer at all: they must be replayed before the checks. */
  get unanswered() {
    return [...this.keys.values()].filter((entry) => entry.result === undefined && entry.refusals.length === 0);
  }
}

export async function balances(db: Queryable, siteId: string): Promise<Map<string, bigint>> {
  const rows = await db.rows<{ id: string | number; balance: string | number | bigint }>(
    sql`SELECT id, balance FROM accounts WHERE site_id = ${siteId}`,
  );
  return new Map(rows.map((row) => [String(row.id), BigInt(row.balance)]));
}

const parseAmount = (text: string) => {
  const [whole, fraction] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction!);
};

/**
 * After a run: the ledger check passes; every acknowledged key has exactly one score-log row and
 * one stored answer, both equal to what the client got; no other key of the run left a trace;
 * and each account's balance moved by exactly the sum of its acknowledged operations.
 */
export async function verifyRun(
  db: Queryable,
  input: {
    siteId: string;
    runId: string;
    record: LoadRecord;
    before: Map<string, bigint>;
    /** Members played meanwhile: the game transfers after this serial number moved balances too. */
    playedAfterSerial?: bigint;
  },
): Promise<string[]> {
  const problems = [...input.record.problems];
  const report = await checkLedger(db, { siteId: input.siteId });
  if (!report.ok) problems.push(...formatLedgerReport(report));

  const logRows = await db.rows<{
    request_key: string;
    operator_account_id: string | number;
    type: string;
    serial_no: string | number;
    amount: string | number;
    before: string | number;
    after: string | number;
    operator_before: string | number;
    operator_after: string | number;
    target_account_id: string | number;
  }>(sql`
    SELECT request_key, operator_account_id, type, serial_no, amount, before, after, operator_before, operator_after, target_account_id
      FROM score_log WHERE site_id = ${input.siteId} AND request_key LIKE ${`${input.runId}-%`}`);
  const stored = await db.rows<{ request_key: string; method: string; result: unknown }>(sql`
    SELECT request_key, method, result FROM request_keys WHERE site_id = ${input.siteId} AND request_key LIKE ${`${input.runId}-%`}`);
  const rowsByKey = new Map<string, typeof logRows>();
  for (const row of logRows) rowsByKey.set(row.request_key, [...(rowsByKey.get(row.request_key) ?? []), row]);
  const storedByKey = new Map<string, typeof stored>();
  for (const row of stored) storedByKey.set(row.request_key, [...(storedByKey.get(row.request_key) ?? []), row]);

  const expected = new Map(input.before);
  for (const [key, entry] of input.record.keys) {
    const rows = rowsByKey.get(key) ?? [];
    const keyRows = storedByKey.get(key) ?? [];
    if (!entry.result) {
      if (rows.length > 0 || keyRows.length > 0)
        problems.push(`${key}: never acknowledged, yet ${rows.length} log rows and ${keyRows.length} stored answers`);
      continue;
    }
    const result = entry.result;
    const up = entry.op.method === 'gw.credit.user.score.up';
    if (rows.length !== 1) {
      problems.push(`${key}: acknowledged, ${rows.length} score-log rows`);
    } else {
      const row = rows[0]!;
      const same =
        String(row.serial_no) === result.serialNo &&
        row.type === (up ? 'up' : 'down') &&
        String(row.target_account_id) === entry.op.userId &&
        String(row.operator_account_id) === entry.op.operatorId &&
        formatCents(BigInt(row.amount)) === result.amount &&
        formatCents(BigInt(row.before)) === result.before &&
        formatCents(BigInt(row.after)) === result.after &&
        formatCents(BigInt(row.operator_before)) === result.operatorBefore &&
        formatCents(BigInt(row.operator_after)) === result.operatorAfter;
      if (!same) problems.push(`${key}: score-log row ${JSON.stringify(row)} is not the answer ${JSON.stringify(result)}`);
    }
    if (keyRows.length !== 1 || canonicalJson(keyRows[0]!.result) !== canonicalJson(result) || keyRows[0]!.method !== entry.op.method) {
      problems.push(`${key}: stored answers ${JSON.stringify(keyRows)} for ${JSON.stringify(result)}`);
    }
    const amount = parseAmount(result.amount);
    const childDelta = up ? amount : -amount;
    expected.set(entry.op.userId, (expected.get(entry.op.userId) ?? 0n) + childDelta);
    expected.set(entry.op.operatorId, (expected.get(entry.op.operatorId) ?? 0n) - childDelta);
  }
  if (input.playedAfterSerial !== undefined) {
    // In (pending or done) takes from the member and gives the wallet; out (a reversal too) the other way.
    const moved = await db.rows<{
      type: string;
      from_account_id: string | number;
      to_account_id: string | number;
      amount: string | number;
    }>(
      sql`SELECT type, from_account_id, to_account_id, amount FROM score_log
           WHERE site_id = ${input.siteId} AND type IN ('in', 'out') AND serial_no > ${String(input.playedAfterSerial)}`,
    );
    for (const row of moved) {
      const amount = BigInt(row.amount);
      expected.set(String(row.from_account_id), (expected.get(String(row.from_account_id)) ?? 0n) - amount);
      expected.set(String(row.to_account_id), (expected.get(String(row.to_account_id)) ?? 0n) + amount);
    }
  }
  const after = await balances(db, input.siteId);
  for (const [id, balance] of after) {
    if (expected.get(id) !== balance)
      problems.push(`account ${id}: balance ${balance}, expected ${expected.get(id)} from the acknowledged operations`);
  }
  return problems;
}

/** Clients sending at once in a load run. */
export const LOAD_CLIENTS = 8;

/**
 * One replay per nine fresh requests, by position (not by chance, so the share cannot fall
 * short in an unlucky run): 10 % of all requests are replays, a third of them sent at the same
 * moment as their first.
 */
function replayAt(position: number): 'none' | 'same moment' | 'later' {
  if (position % 9 !== 8) return 'none';
  return position % 27 === 26 ? 'same moment' : 'later';
}

/** A gateway the load is sent to, while it is up. */
export interface LoadTarget {
  url: string;
  up: boolean;
}

/**
 * LOAD_CLIENTS loops take the operations in turn; each sends to its own gateway while that one
 * is up, else to another. After each operation, now and then a replay of it (at the same moment,
 * on another gateway) or of an earlier one.
 */
export async function runLoad(input: {
  ops: ScoreOp[];
  targets: LoadTarget[];
  record: LoadRecord;
  random: () => number;
  onProgress?: (done: number) => Promise<void> | void;
  /** How a client sends a call: by default to its own gateway while that one is up, else to another. */
  sendFrom?: (client: number, op: ScoreOp) => Promise<Outcome>;
}) {
  const { ops, targets, record, random } = input;
  let next = 0;
  let done = 0;
  const urlFor = (client: number) => {
    const own = targets[client % targets.length]!;
    return own.up ? own.url : (targets.find((target) => target.up) ?? own).url;
  };
  const sendFrom = input.sendFrom ?? ((client: number, op: ScoreOp) => send(urlFor(client), op));
  const client = async (index: number) => {
    while (next < ops.length) {
      const position = next++;
      const op = ops[position]!;
      const replay = replayAt(position);
      if (replay === 'same moment') {
        // The same request twice at once, on two gateways when there are two.
        const [first, second] = await Promise.all([sendFrom(index, op), sendFrom(index + 1, op)]);
        record.record(op, first);
        record.record(op, second);
      } else {
        record.record(op, await sendFrom(index, op));
        if (replay === 'later') {
          // An earlier request that has had its answer (else this one, which just had it).
          const earlier = ops[Math.floor(random() * next)]!;
          const again = record.keys.has(earlier.key) ? earlier : op;
          record.record(again, await sendFrom(index, again));
        }
      }
      done++;
      await input.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: LOAD_CLIENTS }, (_, index) => client(index)));
}

/** Replays every request that got no answer at all until it gets one (a result or a refusal); answers the keys still unanswered. */
export async function replayUnanswered(record: LoadRecord, targets: LoadTarget[]): Promise<string[]> {
  for (let round = 0; round < 20 && record.unanswered.length > 0; round++) {
    for (const entry of record.unanswered) {
      const target = targets.find((candidate) => candidate.up)!;
      record.record(entry.op, await send(target.url, entry.op));
    }
  }
  return record.unanswered.map((entry) => entry.op.key);
}

/** A run's totals, and a line saying them (with the seed that repeats it). */
export function summary(label: string, record: LoadRecord, startedAt: number, seed: number, extra = '') {
  const entries = [...record.keys.values()];
  const requests = entries.reduce((sum, entry) => sum + entry.calls, 0);
  const codes: Record<number, number> = {};
  for (const code of entries.flatMap((entry) => entry.refusals)) codes[code] = (codes[code] ?? 0) + 1;
  const refused = Object.values(codes).reduce((sum, n) => sum + n, 0);
  const lost = entries.reduce((sum, entry) => sum + entry.lost, 0);
  const seconds = (Date.now() - startedAt) / 1000;
  const line =
    `${label} (LOAD_SEED=${seed}): ${requests} requests in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)}/s), ` +
    `${entries.length} keys, ${record.acknowledged.length} acknowledged, ${refused} refusals ${JSON.stringify(codes)}, ${record.replays} replays ` +
    `(${((100 * record.replays) / requests).toFixed(1)} %), ${lost} lost${extra}`;
  return { requests, replays: record.replays, lost, seconds, line };
}
