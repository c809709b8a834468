import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startChineseI18n } from '../../tests/support/jsdom-test-support';
import { RoundResult, roundResultText } from './round-result';

beforeAll(async () => {
  await startChineseI18n();
});
afterEach(cleanup);

const drawn = (gameCode: string, result: Record<string, unknown>) => render(<RoundResult gameCode={gameCode} result={result} />).container;

describe('a round drawn as its game shows it', () => {
  it('draws the wheel number in its colour', () => {
    const red = drawn('roulette', { number: 3, colour: 'red' }).querySelector('[data-result]')!;
    expect(red.getAttribute('data-result')).toBe('wheel:3');
    expect(red.textContent).toBe('3');
    expect(red.className).toContain('bg-red-600');
    expect(drawn('roulette', { number: 0, colour: 'green' }).querySelector('[data-result="wheel:0"]')!.className).toContain(
      'bg-emerald-600',
    );
  });

  it('draws three dice faces and the total', () => {
    const dice = drawn('sic-bo', { dice: [1, 3, 6], total: 10 }).querySelector('[data-result="dice:1-3-6"]')!;
    expect(dice.textContent).toBe('⚀⚂⚅10');
    expect(dice.getAttribute('aria-label')).toBe(i18next.t('results.dice', { dice: '1 3 6', total: 10 }));
  });

  it('draws the hands with their cards and points, the winning hand marked, hearts and diamonds in red', () => {
    const result = {
      player: [
        { rank: 1, suit: 'H' },
        { rank: 13, suit: 'S' },
      ],
      banker: [
        { rank: 9, suit: 'D' },
        { rank: 12, suit: 'C' },
      ],
      playerPoints: 1,
      bankerPoints: 9,
      winner: 'banker',
      playerPair: false,
      bankerPair: false,
    };
    const view = drawn('baccarat', result);
    const cards = [...view.querySelectorAll('[data-card]')].map((card) => [
      card.getAttribute('data-card'),
      card.className.includes('text-red-600'),
    ]);
    expect(cards).toEqual([
      ['A♥', true],
      ['K♠', false],
      ['9♦', true],
      ['Q♣', false],
    ]);
    const hands = [...view.querySelectorAll('[data-result] > span')].slice(0, 2);
    expect(hands.map((hand) => hand.className.includes('ring-2'))).toEqual([false, true]);
    expect(roundResultText(i18next.t, 'baccarat', result)).toBe(
      `${i18next.t('results.player')} A♥ K♠ (1) · ${i18next.t('results.banker')} 9♦ Q♣ (9) · ${i18next.t('results.banker')}`,
    );
  });

  it('draws a dragon tiger tie and a slot machine’s reels', () => {
    const tie = drawn('dragon-tiger', { dragon: { rank: 7, suit: 'S' }, tiger: { rank: 7, suit: 'H' }, winner: 'tie' });
    expect(tie.querySelector('[data-result]')!.getAttribute('data-result')).toBe('dragon-tiger:tie');
    expect(tie.textContent).toContain(i18next.t('results.tie'));
    const reels = drawn('lucky-seven', { reels: ['seven', 'bar', 'cherry'] }).querySelector('[data-result]')!;
    expect(reels.getAttribute('data-result')).toBe('reels:seven-bar-cherry');
    expect(reels.children).toHaveLength(3);
  });
});
