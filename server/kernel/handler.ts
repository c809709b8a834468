import type { z } from 'zod';
import type { Contract, MethodName, ParamsOut } from '../../contract/methods.contract';
import type { CallContext } from './call-context';

/** A handler gets checked params and returns what the contract's result schema accepts. */
export type TypedHandler<M extends MethodName> = (ctx: CallContext, params: ParamsOut<M>) => Promise<z.input<Contract[M]['result']>>;

export type HandlerMap<K extends MethodName> = { [M in K]: TypedHandler<M> };

export function defineHandlers<K extends MethodName>(handlers: HandlerMap<K>): HandlerMap<K> {
  return handlers;
}
