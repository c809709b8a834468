import { seededRandom, type SeededRandom } from '../../server/game-rules/seeded-random';
import { rawRequest } from '../support/http-client';
import type { CapacityAgent } from './capacity-agents.bench-helper';

/** What an agent does on a screen: reads are the lists, records, reports and the palette; score ups write. */
export type ActionClass = 'read' | 'write';

export interface Latencies {
  read: number[];
  write: number[];
  /** Each action's times, to name the slowest. */
  byAction: Record<string, number[]>;
  errors: number;
  /** The first few errors, for the operator to see why a step failed. */
  samples: string[];
}

export const emptyLatencies = (): Latencies => ({ read: [], write: [], byAction: {}, errors: 0, samples: [] });

/** Answers the method's result, or throws with the error the gateway gave. */
export async function rpc(url: string, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await rawRequest(url, {
    path: '/api',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer = res.json as { result?: Record<string, unknown> } | undefined;
  if (answer?.result === undefined) throw new Error(`${method}: ${res.text.slice(0, 160)}`);
  return answer.result;
}

export async function signIn(url: string, loginId: string): Promise<string> {
  const login = await rpc(url, 'gw.credit.agent.login', { loginId, password: 'Admin123', safeCode: '1234' });
  return String(login.sessionId);
}

/** Whole Beijing days, as the report screens ask: today. */
function beijingToday() {
  const day = 86_400_000;
  const start = Math.floor((Date.now() + 8 * 3_600_000) / day) * day - 8 * 3_600_000;
  return { startTime: new Date(start).toISOString(), endTime: new Date(start + day).toISOString() };
}

function lastDay() {
  const end = Date.now();
  return { startTime: new Date(end - 86_400_000).toISOString(), endTime: new Date(end + 60_000).toISOString() };
}

interface Action {
  name: string;
  kind: ActionClass;
  weight: number;
  params: (agent: CapacityAgent, random: SeededRandom, serial: number) => { method: string; params: Record<string, unknown> };
}

/**
 * The mix of an agent's busy hour, by weight: its account lists, reports, bet records, score
 * log, the palette's fuzzy search (reads), and score ups of 0.01 with a request key (writes),
 * each through the method its screen calls.
 */
export const ACTIONS: Action[] = [
  { name: 'agent list', kind: 'read', weight: 10, params: () => ({ method: 'gw.credit.agent.query', params: {} }) },
  { name: 'member list', kind: 'read', weight: 15, params: () => ({ method: 'gw.credit.user.query', params: { pageSize: 50 } }) },
  {
    name: 'report',
    kind: 'read',
    weight: 15,
    params: () => ({ method: 'gw.credit.player.list.total.report', params: beijingToday() }),
  },
  { name: 'bet records', kind: 'read', weight: 15, params: () => ({ method: 'gw.credit.bet.query', params: lastDay() }) },
  { name: 'score log', kind: 'read', weight: 15, params: () => ({ method: 'gw.credit.score.log.query', params: {} }) },
  {
    name: 'palette search',
    kind: 'read',
    weight: 10,
    params: (agent, random) => ({
      method: 'gw.credit.fuzzy.search.tips',
      params: { keyword: agent.loginId.slice(0, 2 + random.below(4)) },
    }),
  },
  {
    name: 'score up',
    kind: 'write',
    weight: 20,
    params: (agent, _random, serial) => ({
      method: 'gw.credit.user.score.up',
      params: { userId: agent.memberId, amount: '0.01', requestKey: `cap-${agent.loginId}-${serial}` },
    }),
  },
];

const TOTAL_WEIGHT = ACTIONS.reduce((sum, action) => sum + action.weight, 0);

function pick(random: SeededRandom): Action {
  let roll = random.below(TOTAL_WEIGHT);
  for (const action of ACTIONS) {
    if (roll < action.weight) return action;
    roll -= action.weight;
  }
  return ACTIONS[0]!;
}

let serials = 0;

/** Every action of the mix once, not timed: the gateway's first calls of each method (its prepared statements, the JIT) are no step's. */
export async function warmUp(url: string, agent: CapacityAgent & { token: string }): Promise<void> {
  const random = seededRandom('warm-up', agent.loginId, 0);
  for (const action of ACTIONS) {
    const call = action.params(agent, random, ++serials);
    await rpc(url, call.method, { opsId: agent.token, ...call.params });
  }
}

/**
 * One signed-in agent until `until` (performance.now()): think (seeded, thinkMs[0] to [1]), pick
 * an action of the mix (seeded), call it, record its time by class; a call without a result is an error.
 */
export async function runAgent(
  url: string,
  agent: CapacityAgent & { token: string },
  input: { seed: string; step: number; index: number; until: number; thinkMs: [number, number] },
  into: Latencies,
): Promise<void> {
  const random = seededRandom(input.seed, `agent-${input.index}`, input.step);
  const [low, high] = input.thinkMs;
  // The first think is spread over the whole range, so the agents do not all start at once.
  await new Promise((resolve) => setTimeout(resolve, random.below(high + 1)));
  while (performance.now() < input.until) {
    const action = pick(random);
    const call = action.params(agent, random, ++serials);
    const started = performance.now();
    try {
      await rpc(url, call.method, { opsId: agent.token, ...call.params });
      const ms = performance.now() - started;
      into[action.kind].push(ms);
      (into.byAction[action.name] ??= []).push(ms);
    } catch (error) {
      into.errors++;
      if (into.samples.length < 3) into.samples.push(`${action.name}: ${(error as Error).message}`);
    }
    const think = low + random.below(high - low + 1);
    const left = input.until - performance.now();
    if (left <= 0) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(think, left)));
  }
}

/** The action whose p95 is the highest, with it: where a failing step spends its time. */
export function slowestAction(latencies: Latencies): string {
  const ranked = Object.entries(latencies.byAction)
    .map(([name, times]) => ({ name, p95: p95(times) }))
    .sort((a, b) => b.p95 - a.p95);
  return ranked[0] ? `${ranked[0].name} ${ranked[0].p95.toFixed(0)} ms` : '';
}

export function p95(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!;
}
