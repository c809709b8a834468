import type { z } from 'zod';
import type { Contract, MethodName, ParamsOut } from '../../contract/methods.contract';
import type { CallContext } from './call-context';

/** A handler gets checked params and returns what the contract's result schema accepts. */
export type TypedHandler<M extends MethodName> = (ctx: CallContext, params: ParamsOut<M>) => Promise<z.input<Contract[M]['result']>>;

export type HandlerMap<K extends MethodName> = { [M in K]: TypedHandler<M> };

export function defineHandlers<K extends MethodName>(handlers: HandlerMap<K>): HandlerMap<K> {
  return handlers;
}

/**
 * A namespace's router: exactly the methods of its contract group, `methods` (one of the
 * contract's `…Methods` objects). A method of the group left out is a compile error; one of
 * another group (which a spread part could bring) stops the gateway as it loads, so a method's
 * handler is always found from its group's router.
 */
export function defineRouter<G extends object>(methods: G, handlers: HandlerMap<keyof G & MethodName>): HandlerMap<keyof G & MethodName> {
  const foreign = Object.keys(handlers).filter((name) => !(name in methods));
  if (foreign.length > 0) throw new Error(`a router holds methods of another namespace: ${foreign.join(', ')}`);
  return handlers;
}
