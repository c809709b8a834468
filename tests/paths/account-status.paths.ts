import { assign, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { closeApp, openSignedIn } from '../support/app-page';
import { AccountListPage } from '../support/pages/account-list-page';
import { text } from '../support/pages/locale-text';
import { ScoreTransferPage } from '../support/pages/score-transfer-page';
import { answerOfNextToast, markToasts, messagePattern } from '../support/pages/toast-reader';
import { embeddedOnly, readUntilShown, SCREEN_WAIT_MS, sharedBrowser } from './browser-runs';
import { generatePaths, modelGraph, transitionOf, type MachinePaths, type Runner } from './path-model';
import type { Product } from './product';

/*
 * An agent's status and its line's team status, written by hand from
 * docs/product.md#account-statuses (status 1 normal, 4 disabled, 6 frozen; team status the same
 * for a whole line; a frozen account cannot move points; the enable / disable / freeze actions and
 * the line actions `gw.credit.agent.line.*`; 20011 illegal operation, 20003 the target's status
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
  // docs/product.md#account-statuses: points move only while the account and its line are normal.
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
const newLoginId = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${(agents++).toString(36)}`;

/** ma01 adds an agent for one path (`prefix`: the machine's); its row (status, line, balance) read back through the gateway with account.search. */
export async function addPathAgent(product: Product, prefix: string, pointLimit: string) {
  const opsId = await product.session('ma01');
  const loginId = newLoginId(prefix);
  const added = await product.call('gw.credit.agent.add', {
    opsId,
    loginId,
    nickname: loginId,
    password: 'Paths_123',
    pointLimit,
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
  return { opsId, loginId, userId, read };
}

/** The path's agent of this machine. */
const addAgent = (product: Product) => addPathAgent(product, 'pa', '1000.00');

/** An answer as the model words it: a score that went through says by how much the balance moved. */
const answerWithMove = (answer: string, before: string, after: string) => {
  const moved = (Number(after) - Number(before)).toFixed(2);
  return answer === 'ok' && moved !== '0.00' ? `ok +${moved}` : answer;
};

/** Through the gateway, as ma01: each action is its call, each state is read back with account.search. */
function gatewayRunner(product: Product): Runner {
  return {
    async start() {
      const { opsId, userId, read } = await addAgent(product);
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
          return `status ${statusName[row.status] ?? row.status}; line ${lineName[row.teamStatus] ?? row.teamStatus}; answer ${answerWithMove(answer, before, row.balance)}`;
        },
        close: async () => undefined,
      };
    },
  };
}

/** The row action behind each event (ENABLE is "enable" for a disabled account, "unfreeze" for a frozen one); those that ask first. */
const rowActions: Record<Exclude<AccountEvent['type'], 'SCORE_UP'>, string[]> = {
  DISABLE: ['account.disable'],
  FREEZE: ['account.freeze'],
  ENABLE: ['account.enable', 'account.unfreeze'],
  LINE_DISABLE: ['line.disable'],
  LINE_FREEZE: ['line.freeze'],
  LINE_ENABLE: ['line.enable'],
  LINE_UNFREEZE: ['line.unfreeze'],
};
const titleKeys: Record<string, string> = {
  'account.disable': 'action.disable',
  'account.freeze': 'action.freeze',
  'account.enable': 'action.enable',
  'account.unfreeze': 'action.unfreeze',
  'line.disable': 'action.lineDisable',
  'line.freeze': 'action.lineFreeze',
  'line.enable': 'action.lineEnable',
  'line.unfreeze': 'action.lineUnfreeze',
};
const asksFirst = new Set(['account.disable', 'account.freeze', 'line.disable', 'line.freeze']);

/**
 * The account list of the built app in Chromium, signed in as ma01 (embedded product only): each
 * action the row's menu entry (confirmed where it asks), a score up through the set-score screen;
 * the status read off the row's badge, the answer off the toast or the score's result; the line's
 * team status and the balance through the gateway (no screen shows a line's status).
 */
function browserRunner(product: Product): Runner {
  const browsers = sharedBrowser(product);
  return {
    async start() {
      const gw = embeddedOnly(product, 'a browser path');
      const { loginId, userId, read } = await addAgent(product);
      const page = await openSignedIn(await browsers.get(), gw, 'ma01');
      const list = new AccountListPage(page);
      const toList = async () => {
        // The accounts screen's menu shortcut (commands/screens.ts, which the tool cannot load outside Vite).
        await page.keyboard.press('Alt+2');
        await list.root.waitFor();
        await list.search(loginId);
        await list.row(loginId).waitFor();
      };
      await toList();
      let answer = 'ok';
      let before = (await read()).balance;
      const scoreUp = async () => {
        const screen = new ScoreTransferPage(page);
        await screen.open(userId);
        await screen.enterAmount('1.00');
        await screen.submit();
        await screen.confirm();
        await page.getByTestId('score-result').waitFor();
        await toList();
        return 'ok';
      };
      /** The first of `ids` the row's menu offers; the menu is opened again for a few seconds while the row's reads settle. */
      const offeredAction = async (ids: string[]) => {
        const until = Date.now() + SCREEN_WAIT_MS;
        for (;;) {
          await list.openActionsOf(loginId);
          await list.page.locator('[role=menuitem][data-action-id]').first().waitFor();
          const offered = await Promise.all(ids.map(async (each) => ((await list.action(each).count()) > 0 ? each : null)));
          const id = offered.find((each) => each !== null);
          if (id || Date.now() >= until) return id;
          await page.keyboard.press('Escape');
          await page.waitForTimeout(500);
        }
      };
      const rowAction = async (ids: string[]) => {
        await markToasts(page);
        const id = await offeredAction(ids);
        if (!id) {
          await page.keyboard.press('Escape');
          return 'not offered';
        }
        await list.action(id).click();
        if (asksFirst.has(id)) await page.getByTestId('action-confirm-ok').click();
        return answerOfNextToast(page, messagePattern('action.done', { action: text(titleKeys[id]!), loginId }));
      };
      const readScreen = async () => {
        const row = await read();
        return `status ${await list.statusOf(loginId)}; line ${lineName[row.teamStatus] ?? row.teamStatus}; answer ${answerWithMove(answer, before, row.balance)}`;
      };
      return {
        async act(step) {
          const type = step.raw.event.type as AccountEvent['type'];
          before = (await read()).balance;
          answer = type === 'SCORE_UP' ? await scoreUp() : await rowAction(rowActions[type]);
        },
        seen: (step) => readUntilShown(page, step.shows, readScreen),
        close: () => closeApp(page),
      };
    },
    close: browsers.close,
  };
}

/** Every refusal the model takes: the row's menu offers only what the account's state allows, and the set-score screen says why before sending. */
function refusalsOffScreen(): Record<string, string> {
  const out: Record<string, string> = {};
  const transitions = new Set(modelGraph(testModel as never, names as never).transitions);
  for (const account of ['normal', 'disabled', 'frozen'] as const) {
    for (const line of ['enabled', 'disabled', 'frozen'] as const) {
      for (const type of ACCOUNT_EVENTS) {
        const after = apply({ account, line, answer: 'ok' }, type);
        const transition = transitionOf(`${account}/${line}`, type, `${after.account}/${after.line}`);
        if (!after.answer.startsWith('refused') || !transitions.has(transition)) continue;
        out[transition] =
          type === 'SCORE_UP'
            ? `the set-score screen refuses a ${account} account in a ${line} line before sending (it says why): the gateway's ${after.answer} is the gateway runner's`
            : `the row's menu does not offer ${type} to a ${account} account in a ${line} line: the gateway's ${after.answer} is the gateway runner's`;
      }
    }
  }
  return out;
}

let cached: ReturnType<typeof generatePaths> | undefined;
export const accountStatusPaths: MachinePaths = {
  name: 'account-status',
  title: "An agent's status and its line's team status, and whether points may move to it",
  sources: 'tests/paths/account-status.paths.ts, from docs/product.md#account-statuses',
  paths: () => (cached ??= generatePaths(testModel as never, names as never)),
  states: () => modelGraph(testModel as never, names as never).states,
  transitions: () => modelGraph(testModel as never, names as never).transitions,
  leavesOut: { browser: refusalsOffScreen() },
  runners: { gateway: gatewayRunner, browser: browserRunner },
};
