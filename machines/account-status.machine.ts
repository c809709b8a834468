import { assign, setup, stateIn, transition, type SnapshotFrom } from 'xstate';
import { AccountStatus, accountActions, isMemberLevel } from '../contract/account-levels.contract';

/**
 * What may happen to an account's status (1 normal, 4 disabled, 6 frozen), to its line's
 * team status (the same values for the whole downline) and to a member's betting. The gateway
 * accepts a change only if this machine takes it; the web app offers only the actions it takes.
 * The account's level and max-win block are input: guards decide what fits the kind of account
 * (a member has no line; only a member blocked by its max win has a limit to remove).
 */
export type AccountStatusEvent =
  | { type: 'ENABLE' }
  | { type: 'DISABLE' }
  | { type: 'FREEZE' }
  | { type: 'UNFREEZE' }
  | { type: 'KICK_OUT' }
  | { type: 'UNLOCK' }
  | { type: 'REMOVE_LIMIT' }
  | { type: 'LINE_DISABLE' }
  | { type: 'LINE_ENABLE' }
  | { type: 'LINE_FREEZE' }
  | { type: 'LINE_UNFREEZE' }
  | { type: 'PAUSE_BET' }
  | { type: 'RESUME_BET' }
  /** Points move to or from an account (score up or down) only while it and its line are normal (20003). */
  | { type: 'MOVE_POINTS' };

export type AccountAction = AccountStatusEvent['type'];

/** What the machine reads of an account: its stored statuses and what guards look at. */
export interface AccountFacts {
  status: number;
  teamStatus: number;
  level: number;
  /** Members: winnings reached the maximum points winnable. */
  winBlocked: boolean;
  /** Members: betting paused (the stop list). */
  betPaused: boolean;
}

interface AccountContext {
  level: number;
  winBlocked: boolean;
}

export const accountStatusMachine = setup({
  types: { events: {} as AccountStatusEvent, context: {} as AccountContext, input: {} as Pick<AccountFacts, 'level' | 'winBlocked'> },
  guards: {
    hasLine: ({ context }) => !isMemberLevel(context.level),
    isMember: ({ context }) => isMemberLevel(context.level),
    winBlocked: ({ context }) => isMemberLevel(context.level) && context.winBlocked,
  },
}).createMachine({
  id: 'accountStatus',
  type: 'parallel',
  context: ({ input }) => ({ level: input.level, winBlocked: input.winBlocked }),
  states: {
    account: {
      initial: 'normal',
      states: {
        normal: {
          on: {
            DISABLE: 'disabled',
            FREEZE: 'frozen',
            KICK_OUT: 'normal',
            UNLOCK: 'normal',
            REMOVE_LIMIT: { target: 'normal', guard: 'winBlocked', actions: assign({ winBlocked: false }) },
            MOVE_POINTS: { target: 'normal', guard: stateIn({ team: 'enabled' }) },
          },
        },
        disabled: { on: { ENABLE: 'normal', UNLOCK: 'disabled' } },
        frozen: { on: { UNFREEZE: 'normal', DISABLE: 'disabled', KICK_OUT: 'frozen', UNLOCK: 'frozen' } },
      },
    },
    team: {
      initial: 'enabled',
      states: {
        enabled: { on: { LINE_DISABLE: { target: 'disabled', guard: 'hasLine' }, LINE_FREEZE: { target: 'frozen', guard: 'hasLine' } } },
        disabled: { on: { LINE_ENABLE: { target: 'enabled', guard: 'hasLine' } } },
        frozen: { on: { LINE_UNFREEZE: { target: 'enabled', guard: 'hasLine' }, LINE_DISABLE: { target: 'disabled', guard: 'hasLine' } } },
      },
    },
    bet: {
      initial: 'open',
      states: {
        open: { on: { PAUSE_BET: { target: 'paused', guard: 'isMember' } } },
        paused: { on: { RESUME_BET: { target: 'open', guard: 'isMember' } } },
      },
    },
  },
});

type StoredStatus = (typeof AccountStatus)[keyof typeof AccountStatus];
const accountState = { [AccountStatus.normal]: 'normal', [AccountStatus.disabled]: 'disabled', [AccountStatus.frozen]: 'frozen' } as const;
const teamState = { [AccountStatus.normal]: 'enabled', [AccountStatus.disabled]: 'disabled', [AccountStatus.frozen]: 'frozen' } as const;
const statusOf = { ...AccountStatus, enabled: AccountStatus.normal } as const;

/** Every event: the status actions the contract names for the UI, and the betting and points events. */
export const allAccountActions: readonly AccountAction[] = [...accountActions, 'PAUSE_BET', 'RESUME_BET', 'MOVE_POINTS'];

/** The machine's state for an account as stored. */
export function accountStatusSnapshot(facts: AccountFacts): SnapshotFrom<typeof accountStatusMachine> {
  const account = accountState[facts.status as StoredStatus] ?? 'normal';
  const team = teamState[facts.teamStatus as StoredStatus] ?? 'enabled';
  const bet = facts.betPaused ? 'paused' : 'open';
  return accountStatusMachine.resolveState({
    value: { account, team, bet },
    context: { level: facts.level, winBlocked: facts.winBlocked },
  });
}

/** The account's state by region, for what screens show (badges) and why an action is refused. */
export function accountStateOf(facts: Pick<AccountFacts, 'status' | 'teamStatus'> & Partial<AccountFacts>): {
  account: 'normal' | 'disabled' | 'frozen';
  team: 'enabled' | 'disabled' | 'frozen';
  bet: 'open' | 'paused';
} {
  return accountStatusSnapshot({ level: 0, winBlocked: false, betPaused: false, ...facts }).value as never;
}

/** The account after an action (what to store), or null when the machine does not take it. */
export function applyAccountAction(facts: AccountFacts, action: AccountAction): Omit<AccountFacts, 'level'> | null {
  const snapshot = accountStatusSnapshot(facts);
  if (!snapshot.can({ type: action })) return null;
  const [next] = transition(accountStatusMachine, snapshot, { type: action });
  const value = next.value as { account: keyof typeof statusOf; team: keyof typeof statusOf; bet: 'open' | 'paused' };
  return {
    status: statusOf[value.account],
    teamStatus: statusOf[value.team],
    betPaused: value.bet === 'paused',
    winBlocked: next.context.winBlocked,
  };
}

/** Every action the machine takes for this account now (the UI offers these, and only these). */
export function allowedAccountActions(facts: AccountFacts): AccountAction[] {
  const snapshot = accountStatusSnapshot(facts);
  return allAccountActions.filter((action) => snapshot.can({ type: action }));
}
