import { describe, expect, it } from 'vitest';
import { rightsAllow } from '../contract/method.contract';
import { contract } from '../contract/methods.contract';
import { can, directChildList, methodAccess, whyNot, type CanTarget } from './can';
import type { Rights } from './command';
import { methodAccessTable } from '../contract/method-access.contract';

const allCodes = [1, 2, 3, 4, 5, 6, 7, 8, 11];
const agent4: Rights = { userId: '40', level: 4, accessCodes: allCodes, isSubAccount: false, mustChangePassword: false };
const company: Rights = { ...agent4, userId: '1', level: 0 };
const member = (over: Partial<CanTarget> = {}): CanTarget => ({
  parentId: '40',
  level: 5,
  status: 1,
  teamStatus: 1,
  winBlocked: false,
  betPaused: false,
  online: true,
  ...over,
});
const agent = (over: Partial<CanTarget> = {}): CanTarget => ({ ...member(), parentId: '1', level: 1, ...over });

describe('can: the rights a method declares', () => {
  it('follows the levels of the contract', () => {
    expect(can(agent4, 'gw.credit.user.add')).toBe(true);
    expect(can(company, 'gw.credit.user.add')).toBe(false);
    expect(can(company, 'gw.credit.agent.add')).toBe(true);
    expect(can(agent4, 'gw.credit.agent.add')).toBe(false);
    expect(can(company, 'gw.credit.score.issue')).toBe(true);
    expect(can({ ...company, level: 1 }, 'gw.credit.score.issue')).toBe(false);
    expect(whyNot(agent4, 'gw.credit.agent.add')).toBe('noRights');
  });

  it("refuses the stop list's resume to a session without access code 4, whatever its level", () => {
    const paused = member({ betPaused: true });
    expect(can(agent4, 'gw.credit.user.bet.pursue', paused)).toBe(true);
    const withoutCode4 = { ...agent4, isSubAccount: true, accessCodes: [1, 2, 3, 5, 6, 7, 8, 11] };
    expect(can(withoutCode4, 'gw.credit.user.bet.pursue', paused)).toBe(false);
    expect(whyNot(withoutCode4, 'gw.credit.user.bet.pursue', paused)).toBe('noRights');
    expect(can({ ...withoutCode4, accessCodes: [4] }, 'gw.credit.user.bet.pursue', paused)).toBe(true);
  });

  it('refuses a main-account-only method to a sub-account even with every code', () => {
    expect(contract['gw.credit.score.issue'].rights).toMatchObject({ mainOnly: true });
    expect(can({ ...company, isSubAccount: true }, 'gw.credit.score.issue')).toBe(false);
    expect(can({ ...company, isSubAccount: true }, 'gw.credit.user.score.up')).toBe(true);
  });

  it('hides finance from an agent while the site does, the trading report and the game log as the score log; the operation record only loses rows', () => {
    const hidden = { ...agent4, level: 2 as const, financeHidden: true };
    for (const method of ['gw.credit.score.log.query', 'gw.credit.trading.report', 'gw.credit.player.game.log'] as const) {
      expect(can({ ...hidden, financeHidden: false }, method), method).toBe(true);
      expect(can(hidden, method), method).toBe(false);
    }
    expect(can(hidden, 'gw.credit.operation.record.query')).toBe(true);
  });

  it('holds a route role to its levels (firstProxy: 0-2)', () => {
    const levels = [0, 1, 2, 3, 4] as const;
    // docs/product.md#levels-and-route-roles: route role firstProxy = levels 0-2 (operation record, login log).
    expect(levels.filter((level) => rightsAllow({ role: 'firstProxy' }, { level, accessCodes: allCodes, isSubAccount: false }))).toEqual([
      0, 1, 2,
    ]);
    // With a code too: a level 2 sub-account without it is refused.
    expect(rightsAllow({ role: 'firstProxy', accessCode: 8 }, { level: 2, accessCodes: [1], isSubAccount: true })).toBe(false);
    expect(rightsAllow({ role: 'firstProxy', accessCode: 8 }, { level: 2, accessCodes: [8], isSubAccount: true })).toBe(true);
  });

  it('offers only the calls open during a forced password change', () => {
    const forced = { ...agent4, mustChangePassword: true };
    expect(whyNot(forced, 'gw.credit.user.query')).toBe('passwordChange');
    expect(can(forced, 'gw.credit.user.password.force.update')).toBe(true);
  });
});

describe('can: what the account-status machine takes for the target', () => {
  it('acts only on a direct child', () => {
    expect(whyNot(agent4, 'gw.credit.user.bet.pause', member({ parentId: '41' }))).toBe('notDirectChild');
    expect(whyNot(agent4, 'gw.credit.user.bet.pause', member({ parentId: null }))).toBe('notDirectChild');
  });

  it("resumes only a paused member's betting, pauses only a running one", () => {
    expect(can(agent4, 'gw.credit.user.bet.pursue', member())).toBe(false);
    expect(can(agent4, 'gw.credit.user.bet.pause', member())).toBe(true);
    expect(can(company, 'gw.credit.user.bet.pause', agent())).toBe(false);
  });

  it('removes a limit only from a member blocked by its max win, in a normal state', () => {
    expect(can(agent4, 'gw.credit.user.limit.remove', member())).toBe(false);
    expect(can(agent4, 'gw.credit.user.limit.remove', member({ winBlocked: true }))).toBe(true);
    expect(whyNot(agent4, 'gw.credit.user.limit.remove', member({ winBlocked: true, status: 6 }))).toBe('accountFrozen');
    expect(can(company, 'gw.credit.user.limit.remove', agent({ winBlocked: true }))).toBe(false);
  });

  it('locks and freezes lines of agents only, from the state the line is in', () => {
    expect(can(company, 'gw.credit.agent.line.stop.right', agent())).toBe(true);
    expect(can(agent4, 'gw.credit.agent.line.stop.right', member())).toBe(false);
    expect(whyNot(company, 'gw.credit.agent.line.stop.right', agent({ teamStatus: 6 }))).toBe('lineFrozen');
    expect(can(company, 'gw.credit.agent.line.enable.right', agent({ teamStatus: 6 }))).toBe(true);
    expect(can(company, 'gw.credit.agent.line.enable', agent({ teamStatus: 6 }))).toBe(false);
  });

  it('reads the call: disable or freeze by its mode, enable or unfreeze by the event the action stands for', () => {
    expect(can(company, 'gw.credit.user.disable', agent({ status: 6 }), { params: { mode: 'lock' } })).toBe(true);
    expect(can(company, 'gw.credit.user.disable', agent({ status: 6 }), { params: { mode: 'freeze' } })).toBe(false);
    expect(can(company, 'gw.credit.user.enable', agent({ status: 6 }))).toBe(true);
    expect(can(company, 'gw.credit.user.enable', agent({ status: 6 }), { event: 'ENABLE' })).toBe(false);
    expect(can(company, 'gw.credit.user.enable', agent({ status: 6 }), { event: 'UNFREEZE' })).toBe(true);
    expect(can(company, 'gw.credit.user.enable', agent())).toBe(false);
  });

  it('kicks out only an account that is online', () => {
    expect(can(agent4, 'gw.credit.user.logout', member())).toBe(true);
    expect(whyNot(agent4, 'gw.credit.user.logout', member({ online: false }))).toBe('offline');
  });

  it('unlocks only an account whose sign-in is locked', () => {
    expect(can(agent4, 'gw.credit.user.unlock', member({ loginLocked: true }))).toBe(true);
    expect(whyNot(agent4, 'gw.credit.user.unlock', member({ loginLocked: false }))).toBe('notLocked');
    // Unknown (a target read without it): the gateway decides.
    expect(can(agent4, 'gw.credit.user.unlock', member())).toBe(true);
  });

  it('moves points only to or from a normal account of a normal line', () => {
    expect(can(agent4, 'gw.credit.user.score.up', member())).toBe(true);
    expect(whyNot(agent4, 'gw.credit.user.score.up', member({ status: 6 }))).toBe('accountFrozen');
    expect(whyNot(agent4, 'gw.credit.user.score.down', member({ status: 4 }))).toBe('accountDisabled');
    expect(whyNot(company, 'gw.credit.user.score.up', agent({ teamStatus: 6 }))).toBe('lineFrozen');
    expect(whyNot(company, 'gw.credit.user.score.up', agent({ teamStatus: 4 }))).toBe('lineDisabled');
  });

  it('marks and stops betting from the flag the target has, for the kind of account the method is for', () => {
    expect(can(company, 'gw.credit.agent.exception.mark', agent())).toBe(true);
    expect(can(company, 'gw.credit.agent.exception.mark', agent({ exceptionMarked: true }))).toBe(false);
    expect(can(company, 'gw.credit.agent.exception.remove', agent({ exceptionMarked: true }))).toBe(true);
    expect(can(agent4, 'gw.credit.agent.exception.mark', member())).toBe(false);
    expect(can(agent4, 'gw.credit.user.exception.mark', member())).toBe(true);
    expect(can(company, 'gw.credit.team.bolck', agent())).toBe(true);
    expect(can(company, 'gw.credit.team.unbolck', agent())).toBe(false);
  });
});

describe('directChildList', () => {
  it("lists an agent's members and a higher account's agents", () => {
    expect(directChildList(agent4)).toBe('gw.credit.user.query');
    expect(directChildList(company)).toBe('gw.credit.agent.query');
    expect(directChildList({ level: 3 })).toBe('gw.credit.agent.query');
  });
});

describe('the access table the web app is built with', () => {
  it("is the contract's own rights, forced-password and downline-write flags for every method, and nothing else", () => {
    expect(Object.keys(methodAccess).sort()).toEqual(Object.keys(contract).sort());
    expect(methodAccess).toEqual(methodAccessTable(contract));
    for (const [name, definition] of Object.entries(contract)) {
      const access = methodAccess[name as keyof typeof methodAccess];
      expect(access.rights, name).toEqual(definition.rights);
      expect(Boolean(access.openWhilePasswordForced), name).toBe(Boolean(definition.openWhilePasswordForced));
      expect(Boolean(access.changesDownline), name).toBe(Boolean(definition.changesDownline));
      expect(
        Object.keys(access).every((key) => key === 'rights' || key === 'openWhilePasswordForced' || key === 'changesDownline'),
        name,
      ).toBe(true);
    }
  });
});
