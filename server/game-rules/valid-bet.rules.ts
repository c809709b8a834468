/**
 * Valid bet (wash code) of one member's bets in one round of one table, in cents:
 *
 * 1. A bet counts what it could have lost or won at most: the lesser of its stake and its net
 *    result |payout - stake|. So a returned bet (baccarat player or banker on a tie) counts 0,
 *    a dragon or tiger bet half lost on a tie counts the half lost, a banker win counts the 95 %
 *    won, and any other win or loss counts the whole stake.
 * 2. Opposite even-money bets placed in the same round hedge each other and count only their
 *    difference, on the larger side: baccarat player / banker, dragon tiger dragon / tiger,
 *    roulette red / black, odd / even, low / high, sic bo small / big. Equal sides count 0.
 * 3. Tie bets, side bets (pairs, totals, numbers) and slot spins are never hedged: rule 1 only.
 *
 * A valid bet is never negative nor more than its stake.
 */
export interface RoundBet {
  betCode: string;
  stake: number;
  payout: number;
}

const hedgedPairs: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  baccarat: [['player', 'banker']],
  'dragon-tiger': [['dragon', 'tiger']],
  roulette: [
    ['red', 'black'],
    ['odd', 'even'],
    ['low', 'high'],
  ],
  'sic-bo': [['small', 'big']],
};

export function validBets(gameCode: string, bets: readonly RoundBet[]): number[] {
  const valid = bets.map((bet) => Math.min(bet.stake, Math.abs(bet.payout - bet.stake)));
  for (const [a, b] of hedgedPairs[gameCode] ?? []) {
    const side = (code: string) => bets.flatMap((bet, index) => (bet.betCode === code ? [index] : []));
    const [first, second] = [side(a), side(b)];
    if (first.length === 0 || second.length === 0) continue;
    const staked = (indexes: number[]) => indexes.reduce((sum, index) => sum + bets[index]!.stake, 0);
    const [larger, smaller] = staked(first) >= staked(second) ? [first, second] : [second, first];
    const uncovered = staked(larger) - staked(smaller);
    for (const index of smaller) valid[index] = 0;
    // The uncovered stake, shared by the larger side's bets in proportion to their stakes (in whole cents).
    let left = uncovered;
    larger.forEach((index, position) => {
      const share = position === larger.length - 1 ? left : Math.floor((bets[index]!.stake * uncovered) / staked(larger));
      left -= share;
      valid[index] = Math.min(valid[index]!, share);
    });
  }
  return valid;
}
