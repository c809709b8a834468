import { describe, expect, it } from 'vitest';
import { auditMethods } from '../../contract/audit.contract';
import { defineRouter, type HandlerMap } from './handler';

describe('defineRouter', () => {
  const noop = async () => ({}) as never;
  const auditHandlers = Object.fromEntries(Object.keys(auditMethods).map((name) => [name, noop])) as unknown as HandlerMap<
    keyof typeof auditMethods
  >;

  it("keeps a group's handlers as they are", () => {
    expect(defineRouter(auditMethods, auditHandlers)).toBe(auditHandlers);
  });

  it('refuses a handler of another group, naming it', () => {
    const mixed = { ...auditHandlers, 'gw.credit.score.issue': noop } as typeof auditHandlers;
    expect(() => defineRouter(auditMethods, mixed)).toThrow('a router holds methods of another namespace: gw.credit.score.issue');
  });
});
