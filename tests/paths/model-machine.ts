import { setup, type AnyStateMachine } from 'xstate';

type StateConfig = {
  id?: string;
  invoke?: InvokeConfig | InvokeConfig[];
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
  [key: string]: unknown;
};
type InvokeConfig = { id?: string; src: string; onDone?: unknown; onError?: unknown; input?: unknown };

/** Event type of a delayed transition, as XState names it for a state node. */
export const afterEventType = (delay: string, stateNodeId: string) => `xstate.after.${delay}.${stateNodeId}`;

function convert(config: StateConfig, path: string[]): StateConfig {
  const { invoke, after, states, on, ...rest } = config;
  const converted: StateConfig = { ...rest, on: { ...(on ?? {}) } };
  for (const item of invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke]) {
    if (!item.onDone && !item.onError) continue;
    if (!item.id) throw new Error(`invoke of ${item.src} at ${path.join('.')} needs an id`);
    if (item.onDone) converted.on![`xstate.done.actor.${item.id}`] = item.onDone;
    if (item.onError) converted.on![`xstate.error.actor.${item.id}`] = item.onError;
  }
  const stateNodeId = path.join('.');
  for (const [delay, transition] of Object.entries(after ?? {})) converted.on![afterEventType(delay, stateNodeId)] = transition;
  if (states) {
    converted.states = Object.fromEntries(
      Object.entries(states).map(([key, child]) => [key, convert(child, child.id ? [child.id] : [...path, key])]),
    );
  }
  return converted;
}

/**
 * The same machine with every invocation turned into the done/error events it would send and
 * every delayed transition into its after-event, so that createTestModel (which refuses
 * invocations and delays) can walk it. Guards, actions and targets stay the machine's own.
 */
export function toTestMachine<M extends AnyStateMachine>(machine: M): M {
  const config = machine.config as StateConfig;
  const { actions, guards, delays } = machine.implementations as { actions: object; guards: object; delays: object };
  return setup({ actions, guards, delays } as never).createMachine(convert(config, [String(config.id)]) as never) as unknown as M;
}
