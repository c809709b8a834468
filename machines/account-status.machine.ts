import { setup, transition, type SnapshotFrom } from 'xstate';

/**
 * What may happen to an account's status (1 normal, 4 disabled, 6 frozen) and to its line's
 * team status (the same values for the whole downline). The gateway accepts a status change
 * only if this machine takes it; the web app offers only the actions it takes.
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
  | { type: 'LINE_UNFREEZE' };

export type AccountAction = AccountStatusEvent['type'];

export const accountStatusMachine = setup({
  types: { events: {} as AccountStatusEvent, input: {} as { status: number; teamStatus: number } },
}).createMachine({
  id: 'accountStatus',
  type: 'parallel',
  states: {
    account: {
      initial: 'normal',
      states: {
        normal: { on: { DISABLE: 'disabled', FREEZE: 'frozen', KICK_OUT: 'normal', UNLOCK: 'normal', REMOVE_LIMIT: 'normal' } },
        disabled: { on: { ENABLE: 'normal', UNLOCK: 'disabled' } },
        frozen: { on: { UNFREEZE: 'normal', DISABLE: 'disabled', KICK_OUT: 'frozen', UNLOCK: 'frozen' } },
      },
    },
    team: {
      initial: 'enabled',
      states: {
        enabled: { on: { LINE_DISABLE: 'disabled', LINE_FREEZE: 'frozen' } },
        disabled: { on: { LINE_ENABLE: 'enabled' } },
        frozen: { on: { LINE_UNFREEZE: 'enabled', LINE_DISABLE: 'disabled' } },
      },
    },
  },
});

const accountState = { 1: 'normal', 4: 'disabled', 6: 'frozen' } as const;
const teamState = { 1: 'enabled', 4: 'disabled', 6: 'frozen' } as const;
const statusOf = { normal: 1, disabled: 4, frozen: 6, enabled: 1 } as const;

/** The machine's state for an account's stored statuses. */
export function accountStatusSnapshot(status: number, teamStatus: number): SnapshotFrom<typeof accountStatusMachine> {
  const account = accountState[status as 1 | 4 | 6] ?? 'normal';
  const team = teamState[teamStatus as 1 | 4 | 6] ?? 'enabled';
  return accountStatusMachine.resolveState({ value: { account, team } });
}

/** The statuses after an action, or null when the machine does not take it. */
export function applyAccountAction(status: number, teamStatus: number, action: AccountAction): { status: number; teamStatus: number } | null {
  const snapshot = accountStatusSnapshot(status, teamStatus);
  if (!snapshot.can({ type: action })) return null;
  const [next] = transition(accountStatusMachine, snapshot, { type: action });
  const value = next.value as { account: keyof typeof statusOf; team: keyof typeof statusOf };
  return { status: statusOf[value.account], teamStatus: statusOf[value.team] };
}

/** Every action the machine takes for these statuses (the UI offers these, and only these). */
export function allowedAccountActions(status: number, teamStatus: number): AccountAction[] {
  const snapshot = accountStatusSnapshot(status, teamStatus);
  const all: AccountAction[] = ['ENABLE', 'DISABLE', 'FREEZE', 'UNFREEZE', 'KICK_OUT', 'UNLOCK', 'REMOVE_LIMIT', 'LINE_DISABLE', 'LINE_ENABLE', 'LINE_FREEZE', 'LINE_UNFREEZE'];
  return all.filter((action) => snapshot.can({ type: action }));
}
