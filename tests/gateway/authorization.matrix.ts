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
  'gw.credit.agent.query': { level0: 'ok', level1: 'ok', level2: 'ok', level3: 'ok', level4: 'ok', notDirectParent: 'ok', otherLine: 20002, otherSite: 20002 },
  'gw.credit.user.query': { level0: 'ok', level1: 'ok', level2: 'ok', level3: 'ok', level4: 'ok', notDirectParent: 'ok', otherLine: 20002, otherSite: 20002 },
  // Suggestions and search look in the caller's own line only: another line's names are simply not found.
  'gw.credit.fuzzy.search.tips': { level0: 'ok', level1: 'ok', level2: 'ok', level3: 'ok', level4: 'ok', notDirectParent: 'ok', otherLine: 'ok', otherSite: 'ok' },
  'gw.credit.fuzzy.agent.search.tips': { level0: 'ok', level1: 'ok', level2: 'ok', level3: 'ok', level4: 'ok', notDirectParent: 'ok', otherLine: 'ok', otherSite: 'ok' },
  'gw.credit.account.search': { level0: 'ok', level1: 'ok', level2: 'ok', level3: 'ok', level4: 'ok', notDirectParent: 'ok', otherLine: 'ok', otherSite: 'ok' },
  // Reads reach the whole line.
  'gw.credit.user.simple.info.get': { level0: 'ok', level1: 'ok', level2: 'ok', level3: 'ok', level4: 'ok', notDirectParent: 'ok', otherLine: 20002, otherSite: 20002 },
  'gw.credit.agent.add': { level0: 'ok', level1: 'ok', level2: 'ok', level3: 'ok', level4: 11003, notDirectParent: 'n/a', otherLine: 'n/a', otherSite: 'n/a' },
  'gw.credit.user.add': { level0: 11003, level1: 11003, level2: 11003, level3: 11003, level4: 'ok', notDirectParent: 'n/a', otherLine: 'n/a', otherSite: 'n/a' },
  // Targets start normal: enabling them is an illegal transition; a member (below level 4) has no line.
  'gw.credit.user.enable': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.user.disable': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
  'gw.credit.agent.line.disable': statusAction(['ok', 'ok', 'ok', 'ok', 20011]),
  'gw.credit.agent.line.enable': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.agent.line.stop.right': statusAction(['ok', 'ok', 'ok', 'ok', 20011]),
  'gw.credit.agent.line.enable.right': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.user.logout': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
  'gw.credit.user.unlock': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
  // Betting belongs to members: only an agent's direct children can be paused.
  'gw.credit.user.bet.pause': statusAction([20011, 20011, 20011, 20011, 'ok']),
  'gw.credit.user.bet.pursue': statusAction([20011, 20011, 20011, 20011, 20011]),
  'gw.credit.operate.button.show': statusAction(['ok', 'ok', 'ok', 'ok', 'ok']),
};
