import type { SeededRandom } from './seeded-random';

/** A playing card: rank 1 (ace) to 13 (king), suit spades, hearts, diamonds or clubs. */
export interface Card {
  rank: number;
  suit: 'S' | 'H' | 'D' | 'C';
}

const SUITS = ['S', 'H', 'D', 'C'] as const;
export const DECKS = 8;
export const SHOE_SIZE = DECKS * 52;

/**
 * Cards dealt from a fresh shuffled 8-deck shoe: each round deals from its own shoe, so a round
 * is a function of its random alone. Dealing without replacement only needs the cards dealt so
 * far: the next card is the k-th of the cards left.
 */
export function dealer(random: SeededRandom): () => Card {
  const dealt: number[] = [];
  return () => {
    let index = random.below(SHOE_SIZE - dealt.length);
    // The index among the cards left, moved past every dealt card at or below it (in shoe order).
    for (const taken of [...dealt].sort((a, b) => a - b)) if (taken <= index) index++;
    dealt.push(index);
    const card = index % 52;
    return { rank: (card % 13) + 1, suit: SUITS[Math.floor(card / 13)]! };
  };
}
