/**
 * Who may call which account method on whom: one row per method of the accounts capability,
 * one column per kind of caller. "ok" is a result; a number is the catalogue code expected;
 * "n/a" marks a relation the method has no target for. A method without a row fails the test.
 */
export type Actor = 'level0' | 'level1' | 'level2' | 'level3' | 'level4' | 'notDirectParent' | 'otherLine' | 'otherSite';
export type Expected = 'ok' | number | 'n/a';

const statusAction = (levels: [Expected, Expected, Expected, Expected, Expected]): Record<Actor, Expected> => ({
  level0: levels[0],
  level1: levels[1],
  level2: levels[2],
  level3: levels[3],
  level4: levels[4],
  notDirectParent: 20040,
  otherLine: 20002,
  otherSite: 20002,
});

export const authorizationMatrix: Record<string, Record<Actor, Expected>> = {
  // Queries reach the whole line, not only direct children.
  'gw.credit.agent.query': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 20002,
    otherSite: 20002,
  },
  'gw.credit.user.query': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 20002,
    otherSite: 20002,
  },
  // An export starts a job for the rows the list would answer: the same rights, checked at its start.
  'gw.credit.agent.export': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 20002,
    otherSite: 20002,
  },
  'gw.credit.user.export': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 20002,
    otherSite: 20002,
  },
  // Suggestions and search look in the caller's own line only: another line's names are simply not found.
  'gw.credit.fuzzy.search.tips': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 'ok',
    otherSite: 'ok',
  },
  'gw.credit.fuzzy.agent.search.tips': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 'ok',
    otherSite: 'ok',
  },
  'gw.credit.account.search': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 'ok',
    otherSite: 'ok',
  },
  // Reads reach the whole line.
  'gw.credit.user.simple.info.get': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 20002,
    otherSite: 20002,
  },
  'gw.credit.agent.add': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 20045,
    notDirectParent: 'n/a',
    otherLine: 'n/a',
    otherSite: 'n/a',
  },
  'gw.credit.user.add': {
    level0: 11003,
    level1: 11003,
    level2: 11003,
    level3: 11003,
    level4: 'ok',
    notDirectParent: 'n/a',
    otherLine: 'n/a',
    otherSite: 'n/a',
  },
  // Targets start normal: enabling them is an illegal transition; a member (below level 4) has no line.
  'gw.credit.user.enable': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.user.disable': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
  'gw.credit.agent.line.disable': statusAction(['ok', 'ok', 'ok', 'ok', 20011]),
  'gw.credit.agent.line.enable': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.agent.line.stop.right': statusAction(['ok', 'ok', 'ok', 'ok', 20011]),
  'gw.credit.agent.line.enable.right': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.user.logout': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
  // The target's name is not locked: a caller with the right gets as far as "nothing to unlock" (20051).
  'gw.credit.user.unlock': statusAction([20051, 20051, 20051, 20051, 20051]),
  // Only a member can be blocked by its maximum win; the demo's members are not blocked unless a test blocks them.
  'gw.credit.user.limit.remove': statusAction([20011, 20011, 20011, 20011, 'ok']),
  // Betting belongs to members: only an agent's direct children can be paused.
  'gw.credit.user.bet.pause': statusAction([20011, 20011, 20011, 20011, 'ok']),
  // Devices are a member's: an agent target is 20011, switching one only for its own agent.
  'gw.credit.user.device.switch.set': statusAction([20011, 20011, 20011, 20011, 'ok']),
  'gw.credit.user.device.switch.get': {
    level0: 20011,
    level1: 20011,
    level2: 20011,
    level3: 20011,
    level4: 'ok',
    notDirectParent: 20011,
    otherLine: 20002,
    otherSite: 20002,
  },
  'gw.credit.user.bet.pursue': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.operate.button.show': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
  // Edits: agents are edited by levels 0-3 (a level-4 caller has only members), members by their agent.
  'gw.credit.agent.profile.edit': statusAction(['ok', 'ok', 'ok', 'ok', 11003]),
  'gw.credit.user.profile.edit': {
    level0: 11003,
    level1: 11003,
    level2: 11003,
    level3: 11003,
    level4: 'ok',
    notDirectParent: 11003,
    otherLine: 11003,
    otherSite: 11003,
  },
  'gw.credit.user.password.reset': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
  // Marks: the agent.* pair takes agents, the user.* pair members; removing a mark nobody set is illegal.
  'gw.credit.agent.exception.mark': statusAction(['ok', 'ok', 'ok', 'ok', 20011]),
  'gw.credit.agent.exception.remove': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.user.exception.mark': statusAction([20011, 20011, 20011, 20011, 'ok']),
  'gw.credit.user.exception.remove': statusAction([20011, 20011, 20011, 20011, 20011]),
  // Stop-bet belongs to agents' lines; lifting one that is not set is illegal.
  'gw.credit.team.bolck': statusAction(['ok', 'ok', 'ok', 'ok', 20011]),
  'gw.credit.team.unbolck': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.agent.stopBet.disable': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.user.session.all.kill': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
  'gw.credit.user.rate.modify.allow': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
  // Reads of any account of the line.
  'gw.credit.user.game.switch.get': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 20002,
    otherSite: 20002,
  },
  'gw.credit.agent.statistics.query': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 20002,
    otherSite: 20002,
  },
  // Site lists: no target; each site answers its own.
  'gw.credit.user.area.code.get': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 'ok',
    otherSite: 'ok',
  },
  'gw.credit.limitation.list': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 'ok',
    otherSite: 'ok',
  },
  'gw.credit.currency.list': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 'ok',
    otherLine: 'ok',
    otherSite: 'ok',
  },
  // Bulk jobs: ids outside the caller's line refuse the whole call (20002); the rest is the
  // outcome of the job's one account (the test waits for the job and reads it).
  'gw.credit.user.add.batch': {
    level0: 11003,
    level1: 11003,
    level2: 11003,
    level3: 11003,
    level4: 'ok',
    notDirectParent: 'n/a',
    otherLine: 'n/a',
    otherSite: 'n/a',
  },
  'gw.credit.user.all.enable': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.user.all.disable': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
  // A job is read only by the account that started it: one started by another account is not found.
  'gw.credit.job.get': {
    level0: 'ok',
    level1: 'ok',
    level2: 'ok',
    level3: 'ok',
    level4: 'ok',
    notDirectParent: 20049,
    otherLine: 20049,
    otherSite: 20049,
  },
};

/**
 * What finance covers, method by method (docs/product.md#finance: points movements wherever they show), while
 * the site hides it from agents (levels 1-4): "method" refuses the whole method to them (11003),
 * "rows" answers without its points rows. The company always sees it. Every method the contract
 * declares finance (`finance`, `financeRows`) has a row, and no other.
 */
export const financeMatrix: Record<string, 'method' | 'rows'> = {
  // The code-6 screens.
  'gw.credit.score.log.query': 'method',
  'gw.credit.score.log.export': 'method',
  // Balances as of an instant are the score log's numbers.
  'gw.credit.balance.asof': 'method',
  'gw.credit.balance.asof.page': 'method',
  'gw.credit.transfer.query': 'method',
  'gw.credit.exposure.query': 'method',
  'gw.credit.deal.record.query': 'method',
  // Nothing but score and transfer sums.
  'gw.credit.trading.report': 'method',
  // A game session is its transfers in and out.
  'gw.credit.player.game.log': 'method',
  // Everything but the calls that moved points (score up and down with balances).
  'gw.credit.operation.record.query': 'rows',
  // A bet with its game session's transfers: the session is left out.
  'gw.credit.bet.detail': 'rows',
};

/**
 * Reads of one account that a clerk may make of its own (main) account with no code at all, and
 * of another account of its line only with a code: for a clerk holding one code alone (2-5 bring
 * 1 with them), "ok" or the refusal expected. Balances are finance: code 6, and only while the
 * site shows finance to the caller's level (the company always sees it).
 */
export const otherAccountMatrix: Record<'gw.credit.user.profile' | 'gw.credit.user.balance.get', Record<number, Expected>> = {
  'gw.credit.user.profile': { 1: 'ok', 2: 'ok', 3: 'ok', 4: 'ok', 5: 'ok', 6: 11003, 7: 11003, 8: 11003, 11: 11003 },
  'gw.credit.user.balance.get': { 1: 11003, 2: 11003, 3: 11003, 4: 11003, 5: 11003, 6: 'ok', 7: 11003, 8: 11003, 11: 11003 },
};
