import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES, gameByCode, playTypeOf, slotCodes } from './game-registry';
import { seededRandom } from './seeded-random';

describe('the game registry', () => {
  it('holds the games of the catalogue migration, each table id once', () => {
    const migration = readFileSync(new URL('../kernel/db/migrations/0015_games.sql', import.meta.url), 'utf8');
    const catalogue = [...migration.matchAll(/\('([a-z-]+)', '(live|electronic)', '/g)].map((match) => `${match[1]}:${match[2]}`);
    expect(GAMES.map((game) => `${game.gameCode}:${game.gameType}`).sort()).toEqual(catalogue.sort());
    const ids = GAMES.flatMap((game) => game.tables);
    expect(new Set(ids).size).toBe(ids.length);
    expect(slotCodes.every((code) => gameByCode(code)?.gameType === 'electronic')).toBe(true);
    expect(gameByCode('poker')).toBeUndefined();
  });

  it("settles every common bet against a drawn round, and draws a table's round the same twice", () => {
    for (const game of GAMES) {
      const table = game.tables[0]!;
      for (let round = 0; round < 20; round++) {
        const result = game.round(seededRandom('registry', table, round));
        expect(JSON.stringify(game.round(seededRandom('registry', table, round)))).toBe(JSON.stringify(result));
        for (const { betCode } of game.commonBets) {
          const paid = game.settle(betCode, 1000, result);
          expect(paid, `${game.gameCode} ${betCode}`).not.toBeNull();
          expect(paid! >= 0 && Number.isInteger(paid)).toBe(true);
        }
      }
      expect(game.settle('no-such-bet', 1000, game.round(seededRandom('registry', table, 0)))).toBeNull();
    }
    expect(playTypeOf('straight:17')).toBe('straight');
    expect(playTypeOf('banker')).toBe('banker');
  });
});
