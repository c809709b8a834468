import { assign, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { generatePaths, modelGraph, type MachinePaths, type Runner } from './path-model';
import type { Product } from './product';

/*
 * An agent's status and its line's team status, written by hand from PRODUCT.md "Accounts"
 * (status 1 normal, 4 disabled, 6 frozen; team status the same for a whole line; a frozen
 * account cannot move points) and spec §5 (the enable / disable / freeze actions and the line
 * actions `gw.credit.agent.line.*`), spec §8 (20011 illegal operation, 20003 the target's status
 * forbids a score). It is not derived from machines/account-status.machine.ts, which the gateway
 * runs to accept or refuse a change: a path here can disagree with it.
 */
type Status = 'normal' | 'disabled' | 'frozen';
type Line = 'enabled' | 'disabled' | 'frozen';
type Answer = 'ok' | 'ok +1.00' | 'refused 20011' | 'refused 20003';
interface Agent {
  account: Status;
  line: Line;
  answer: Answer;
}

export const ACCOUNT_EVENTS = [
  'DISABLE',
  'FREEZE',
  'ENABLE',
  'LINE_DISABLE',
  'LINE_FREEZE',
  'LINE_ENABLE',
  'LINE_UNFREEZE',
  'SCORE_UP',
] as const;
type AccountEvent = { type: (typeof ACCOUNT_EVENTS)[number] };

/** What each action does, by the state it meets; a state missing from a rule refuses it with 20011. */
const rules: Record<string, Partial<Record<Status, Status>>> = {
  DISABLE: { normal: 'disabled', frozen: 'disabled' },
  FREEZE: { normal: 'frozen' },
  ENABLE: { disabled: 'normal', frozen: 'normal' },
};
const lineRules: Record<string, Partial<Record<Line, Line>>> = {
  LINE_DISABLE: { enabled: 'disabled', frozen: 'disabled' },
  LINE_FREEZE: { enabled: 'frozen' },
  LINE_ENABLE: { disabled: 'enabled' },
  LINE_UNFREEZE: { frozen: 'enabled' },
};

function apply(agent: Agent, type: AccountEvent['type']): Agent {
  // PRODUCT: points move only while the account and its line are normal.
  if (type === 'SCORE_UP') {
    return { ...agent, answer: agent.account === 'normal' && agent.line === 'enabled' ? 'ok +1.00' : 'refused 20003' };
  }
  if (type in lineRules) {
    const line = lineRules[type]![agent.line];
    return line ? { ...agent, line, answer: 'ok' } : { ...agent, answer: 'refused 20011' };
  }
  const account = rules[type]![agent.account];
  return account ? { ...agent, account, answer: 'ok' } : { ...agent, answer: 'refused 20011' };
}

const model = setup({ types: { context: {} as Agent, events: {} as AccountEvent } }).createMachine({
  id: 'accountStatusModel',
  context: { account: 'normal', line: 'enabled', answer: 'ok' },
  on: Object.fromEntries(ACCOUNT_EVENTS.map((type) => [type, { actions: assign(({ context }) => apply(context, type)) }])),
});

const testModel = createTestModel(model, { events: ACCOUNT_EVENTS.map((type) => ({ type })) });
type Snapshot = { context: Agent };
const names = {
  eventName: (event: AccountEvent) => event.type,
  stateName: ({ context }: Snapshot) => `${context.account}/${context.line}`,
  shows: ({ context }: Snapshot) => `status ${context.account}; line ${context.line}; answer ${context.answer}`,
};

/** The gateway call behind each action, made by ma01 on an agent directly below it. */
const calls: Record<AccountEvent['type'], { method: string; params?: Record<string, unknown> }> = {
  DISABLE: { method: 'gw.credit.user.disable', params: { mode: 'lock' } },
  FREEZE: { method: 'gw.credit.user.disable', params: { mode: 'freeze' } },
  ENABLE: { method: 'gw.credit.user.enable' },
  LINE_DISABLE: { method: 'gw.credit.agent.line.disable' },
  LINE_FREEZE: { method: 'gw.credit.agent.line.stop.right' },
  LINE_ENABLE: { method: 'gw.credit.agent.line.enable' },
  LINE_UNFREEZE: { method: 'gw.credit.agent.line.enable.right' },
  SCORE_UP: { method: 'gw.credit.user.score.up', params: { amount: '1.00' } },
};
const statusName: Record<number, Status> = { 1: 'normal', 4: 'disabled', 6: 'frozen' };
const lineName: Record<number, Line> = { 1: 'enabled', 4: 'disabled', 6: 'frozen' };

let agents = 0;
/** A fresh agent below ma01 for each path, so paths never meet. */
export const newLoginId = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${(agents++).toString(36)}`;

/** Through the gateway, as ma01: each action is its call, each state is read back with account.search. */
function gatewayRunner(product: Product): Runner {
  return {
    async start() {
      const opsId = await product.session('ma01');
      const loginId = newLoginId('pa');
      const added = await product.call('gw.credit.agent.add', {
        opsId,
        loginId,
        nickname: loginId,
        password: 'Paths_123',
        pointLimit: '1000.00',
        agentCommisionRate: 0,
        validAmountRate: 0,
      });
      if (added.error) throw new Error(`cannot add the path's agent: ${added.error.code} ${added.error.message}`);
      const userId = (added.result as { userId: string }).userId;
      const read = async () => {
        const found = await product.call('gw.credit.account.search', { opsId, loginId });
        const row = (found.result as { list: { status: number; teamStatus: number; balance: string }[] } | undefined)?.list[0];
        if (!row) throw new Error(`account.search does not find ${loginId}: ${JSON.stringify(found.error)}`);
        return row;
      };
      let answer = 'ok';
      let before = (await read()).balance;
      return {
        async act(step) {
          const type = step.raw.event.type as AccountEvent['type'];
          before = (await read()).balance;
          const call = calls[type];
          const result = await product.call(call.method, {
            opsId,
            userId,
            ...call.params,
            ...(type === 'SCORE_UP' ? { comment: 'path' } : {}),
          });
          answer = result.error ? `refused ${result.error.code}` : 'ok';
        },
        async seen() {
          const row = await read();
          const moved = (Number(row.balance) - Number(before)).toFixed(2);
          const shown = answer === 'ok' && moved !== '0.00' ? `ok +${moved}` : answer;
          return `status ${statusName[row.status] ?? row.status}; line ${lineName[row.teamStatus] ?? row.teamStatus}; answer ${shown}`;
        },
        close: async () => undefined,
      };
    },
  };
}

let cached: ReturnType<typeof generatePaths> | undefined;
export const accountStatusPaths: MachinePaths = {
  name: 'account-status',
  title: "An agent's status and its line's team status, and whether points may move to it",
  sources: 'tests/paths/account-status.paths.ts, from PRODUCT.md "Accounts" and spec §5, §8',
  paths: () => (cached ??= generatePaths(testModel as never, names as never)),
  states: () => modelGraph(testModel as never, names as never).states,
  transitions: () => modelGraph(testModel as never, names as never).transitions,
  leavesOut: {},
  runners: { gateway: gatewayRunner },
};
