import { sql } from '../../server/kernel/db/sql';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { defineMethod, type MethodDefinition } from '../../contract/method.contract';
import type { CallContext, Handler } from '../../server/kernel/call-context';
import { RpcError } from '../../server/kernel/rpc-error';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// A write method that exists only in this test, so the dispatcher's idempotency and
// operation record are checked on their own, before any real write method uses them.
const bumpContract = {
  'test.counter.bump': defineMethod({
    summary: 'Adds to a counter (test only)',
    params: z.object({
      amount: z.number().int().min(1).max(1000),
      password: z.string().optional(),
      fail: z.enum(['refuse', 'crash']).optional(),
      holdMs: z.number().int().min(0).max(2000).optional(),
    }),
    result: z.object({ value: z.number().int(), amount: z.number().int() }),
    auth: 'session',
    effect: 'write',
    errors: [ErrorCode.setPointsTooFrequent],
  }),
} satisfies Record<string, MethodDefinition>;

let afterCommitRuns = 0;

const bump = async (ctx: CallContext, params: { amount: number; fail?: string; holdMs?: number }) => {
  ctx.afterCommit(() => afterCommitRuns++);
  const row = await ctx.db.one<{ value: number }>(
    sql`UPDATE test_counter SET value = value + ${params.amount} WHERE id = 1 RETURNING value`,
  );
  ctx.audit.summary = `bump by ${params.amount}`;
  ctx.audit.targetId = '1';
  if (params.holdMs) await new Promise((resolve) => setTimeout(resolve, params.holdMs));
  const frozen = await ctx.db.one<{ frozen: boolean }>(sql`SELECT frozen FROM test_counter WHERE id = 1`);
  if (params.fail === 'refuse' || frozen?.frozen) throw new RpcError(ErrorCode.setPointsTooFrequent);
  if (params.fail === 'crash') throw new Error('handler failed on purpose');
  return { value: Number(row!.value), amount: params.amount };
};

let gw: TestGateway;
let token: string;

beforeAll(async () => {
  gw = await startTestGateway({
    extraMethods: { contract: bumpContract, handlers: { 'test.counter.bump': bump as unknown as Handler } },
  });
  await gw.db.run(sql`CREATE TABLE test_counter (id int PRIMARY KEY, value int NOT NULL, frozen boolean NOT NULL DEFAULT false)`);
  token = await gw.sessionFor('admin');
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`DELETE FROM test_counter`);
  await gw.db.run(sql`INSERT INTO test_counter (id, value) VALUES (1, 0)`);
  await gw.db.run(sql`DELETE FROM operation_log`);
  await gw.db.run(sql`DELETE FROM request_keys`);
});

const counter = async () => Number((await gw.db.one<{ value: number }>(sql`SELECT value FROM test_counter WHERE id = 1`))!.value);
const operations = () =>
  gw.db.rows<{
    method: string;
    level: string;
    code: number | null;
    request_key: string | null;
    summary: string;
    params: Record<string, unknown>;
    target_id: string | number | null;
    ip: string;
  }>(sql`SELECT method, level, code, request_key, summary, params, target_id, ip FROM operation_log ORDER BY id`);

describe('idempotency by requestKey', () => {
  it('applies a call once and replays the first answer', async () => {
    const first = await gw.call('test.counter.bump', { opsId: token, amount: 5, requestKey: 'k-1' });
    expect(first.result).toEqual({ value: 5, amount: 5 });
    const again = await gw.callForm('test.counter.bump', { opsId: token, amount: 5, requestKey: 'k-1' });
    expect(again.result).toEqual({ value: 5, amount: 5 });
    expect(await counter()).toBe(5);
    // Without a key every call applies.
    await gw.call('test.counter.bump', { opsId: token, amount: 5 });
    await gw.call('test.counter.bump', { opsId: token, amount: 5 });
    expect(await counter()).toBe(15);
  });

  it("runs the handler's after-commit tasks once, for the call that committed, never for a replay or a refusal", async () => {
    const before = afterCommitRuns;
    await gw.call('test.counter.bump', { opsId: token, amount: 1, requestKey: 'k-after' });
    // The replay's handler may run before the taken key is seen; its tasks must not.
    await gw.call('test.counter.bump', { opsId: token, amount: 1, requestKey: 'k-after' });
    await gw.call('test.counter.bump', { opsId: token, amount: 1, fail: 'refuse' });
    expect(afterCommitRuns - before).toBe(1);
    expect(await counter()).toBe(1);
  });

  it('refuses the same key with other params with 20011 and changes nothing', async () => {
    await gw.call('test.counter.bump', { opsId: token, amount: 5, requestKey: 'k-2' });
    const other = await gw.call('test.counter.bump', { opsId: token, amount: 6, requestKey: 'k-2', ztsLang: 'en' });
    expect(other.error).toEqual({ code: 20011, message: 'Illegal operation', data: { field: 'requestKey', rule: 'reused' } });
    expect(await counter()).toBe(5);
  });

  it('replays before any other check, even one that would now refuse', async () => {
    const first = await gw.call('test.counter.bump', { opsId: token, amount: 7, requestKey: 'k-3' });
    await gw.db.run(sql`UPDATE test_counter SET frozen = true`);
    expect((await gw.call('test.counter.bump', { opsId: token, amount: 7 })).error?.code).toBe(37150);
    expect((await gw.call('test.counter.bump', { opsId: token, amount: 7, requestKey: 'k-3' })).result).toEqual(first.result);
    expect(await counter()).toBe(7);
  });

  it('does not keep the key of a refused call, so a retry runs again', async () => {
    const refused = await gw.call('test.counter.bump', { opsId: token, amount: 3, requestKey: 'k-4', fail: 'refuse' });
    expect(refused.error?.code).toBe(37150);
    expect(await counter()).toBe(0);
    const retried = await gw.call('test.counter.bump', { opsId: token, amount: 3, requestKey: 'k-4', fail: undefined });
    expect(retried.result).toEqual({ value: 3, amount: 3 });
  });

  it('scopes a key to the acting account and the method', async () => {
    await gw.addAccount({ loginId: 'keyscope1', parent: 'admin', level: 1 });
    const second = await gw.sessionFor('keyscope1');
    await gw.call('test.counter.bump', { opsId: token, amount: 1, requestKey: 'shared' });
    const answer = await gw.call('test.counter.bump', { opsId: second, amount: 2, requestKey: 'shared' });
    expect(answer.result).toEqual({ value: 3, amount: 2 });
  });

  it('refuses a key longer than 64 characters with 100', async () => {
    const answer = await gw.call('test.counter.bump', { opsId: token, amount: 1, requestKey: 'k'.repeat(65) });
    expect(answer.error).toMatchObject({ code: 100, data: { field: 'requestKey' } });
    expect(await counter()).toBe(0);
  });

  it('applies two concurrent calls with one key once, and both get the same answer', async () => {
    const calls = Array.from({ length: 6 }, () =>
      gw.call('test.counter.bump', { opsId: token, amount: 4, requestKey: 'k-race', holdMs: 150 }),
    );
    const answers = await Promise.all(calls);
    for (const answer of answers) expect(answer.result).toEqual({ value: 4, amount: 4 });
    expect(await counter()).toBe(4);
    const keys = await gw.db.rows(sql`SELECT 1 FROM request_keys WHERE request_key = 'k-race'`);
    expect(keys).toHaveLength(1);
  });
});

describe('operation record', () => {
  it('writes a normal row with the effect, a warn row for a refusal and an error row for a failure', async () => {
    await gw.call('test.counter.bump', { opsId: token, amount: 2, requestKey: 'op-1', password: 'Secret123' });
    await gw.call('test.counter.bump', { opsId: token, amount: 2, fail: 'refuse' });
    const crashed = await gw.call('test.counter.bump', { opsId: token, amount: 2, fail: 'crash' });
    expect(crashed.error).toMatchObject({ code: 0 });
    expect(JSON.stringify(crashed)).not.toContain('on purpose');
    expect(await counter()).toBe(2);
    const rows = await operations();
    expect(rows.map((r) => [r.level, r.code])).toEqual([
      ['normal', null],
      ['warn', 37150],
      ['error', 0],
    ]);
    expect(rows[0]).toMatchObject({ method: 'test.counter.bump', request_key: 'op-1', summary: 'bump by 2', ip: '127.0.0.1' });
    expect(String(rows[0]!.target_id)).toBe('1');
    expect(rows[0]!.params).toMatchObject({ amount: 2, password: '***' });
  });

  it('records a reused key as a warning', async () => {
    await gw.call('test.counter.bump', { opsId: token, amount: 2, requestKey: 'op-2' });
    await gw.call('test.counter.bump', { opsId: token, amount: 3, requestKey: 'op-2' });
    expect((await operations()).map((r) => [r.level, r.code])).toEqual([
      ['normal', null],
      ['warn', 20011],
    ]);
  });

  it('writes nothing for a call refused before it reaches the method (no session)', async () => {
    expect((await gw.call('test.counter.bump', { amount: 2 })).error?.code).toBe(2202);
    expect((await gw.call('test.counter.bump', { opsId: token })).error).toMatchObject({ code: 700, data: { field: 'amount' } });
    expect(await operations()).toHaveLength(0);
  });
});
