import { describe, expect, it } from 'vitest';
import { rankByTyped, rankCommandsByTyped } from './choice-ranking';

const names = (choices: readonly string[], query: string) => rankByTyped(choices, query, (name) => name);

describe('rankByTyped', () => {
  it('puts the exact login first, then logins starting with what is typed, then the rest in their order', () => {
    const found = ['my line', 'ga0101010', 'xga010101', 'ga010101', 'ga0101011'];
    expect(names(found, 'ga010101')).toEqual(['ga010101', 'ga0101010', 'ga0101011', 'my line', 'xga010101']);
  });

  it('ignores case and the spaces around what is typed', () => {
    expect(names(['my line', 'GA010102', 'ga010101'], '  Ga010101 ')).toEqual(['ga010101', 'my line', 'GA010102']);
  });

  it('keeps the order when nothing is typed or nothing matches', () => {
    expect(names(['my line', 'b', 'a'], '')).toEqual(['my line', 'b', 'a']);
    expect(names(['my line', 'b', 'a'], 'zz')).toEqual(['my line', 'b', 'a']);
  });
});

describe('rankCommandsByTyped', () => {
  const zh = [
    { id: 'go.pointRecord', title: '用户分数记录' },
    { id: 'go.scoreRisk', title: '上下分风险查询' },
    { id: 'go.scoreCheck', title: '查核上下分' },
    { id: 'points.setScore', title: '上下分…' },
  ];
  const en = [
    { id: 'go.scoreRisk', title: 'Set-score risk search' },
    { id: 'go.scoreCheck', title: 'Check and add score' },
    { id: 'points.setScore', title: 'Set score…' },
    { id: 'account.unfreeze', title: 'Unfreeze…' },
    { id: 'account.freeze', title: 'Freeze…' },
  ];
  const ids = (commands: readonly { id: string; title: string }[], query: string) =>
    rankCommandsByTyped(commands, query, (command) => command).map((command) => command.id);

  it('puts the set-score action above the screens whose names merely contain "上下分" or "set score"', () => {
    expect(ids(zh, '上下分')).toEqual(['points.setScore', 'go.scoreRisk', 'go.pointRecord', 'go.scoreCheck']);
    expect(ids(en, 'set score')[0]).toBe('points.setScore');
    expect(ids(en, '  Set   Score ')[0]).toBe('points.setScore');
    expect(ids(en, 'set score').indexOf('go.scoreRisk')).toBeLessThan(ids(en, 'set score').indexOf('go.scoreCheck'));
  });

  it('puts the title beginning with the words typed above one that starts with them only once its words are split ("set s")', () => {
    expect(ids(en, 'set s')).toEqual(['points.setScore', 'go.scoreRisk', 'go.scoreCheck', 'account.unfreeze', 'account.freeze']);
    expect(ids(en, 'Set  SC')[0]).toBe('points.setScore');
    expect(ids(en, 'set-s')[0]).toBe('go.scoreRisk');
    expect(ids(en, 'set score risk')[0]).toBe('go.scoreRisk');
  });

  it('puts a name with a word starting with what is typed before a name merely containing it, and keeps the order otherwise', () => {
    const found = en.filter((command) => command.title.toLowerCase().includes('freeze'));
    expect(ids(found, 'freeze')).toEqual(['account.freeze', 'account.unfreeze']);
    expect(ids(en, '')).toEqual(en.map((command) => command.id));
    expect(ids(en, 'zz')).toEqual(en.map((command) => command.id));
  });
});
