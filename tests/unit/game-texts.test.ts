import { describe, expect, it } from 'vitest';
import en from '../../locales/en/common.json';
import id from '../../locales/id/common.json';
import th from '../../locales/th/common.json';
import vi from '../../locales/vi/common.json';
import zh from '../../locales/zh/common.json';
import { GAMES } from '../../server/game-rules/game-registry';
import { SLOT_MACHINES } from '../../server/game-rules/slot.rules';

const catalogues = { zh, en, th, vi, id };
const lookup = (catalogue: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe("the platform's names in the web app's five languages", () => {
  it('name every game and every slot symbol', () => {
    const symbols = Object.values(SLOT_MACHINES).flatMap((machine) => Object.keys(machine.symbols));
    const keys = [...GAMES.map((game) => `games.name.${game.gameCode}`), ...symbols.map((symbol) => `results.symbol.${symbol}`)];
    for (const [language, catalogue] of Object.entries(catalogues))
      for (const key of keys) expect(lookup(catalogue, key), `${language} ${key}`).toEqual(expect.any(String));
  });
});
