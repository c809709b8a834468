import { storeBets } from '../../server/games/bet.store';
import type { PlatformBet } from '../../server/platform/game-platform';
import type { FeedBet } from '../../server/simulator/simulator-platform';
import type { TestGateway } from './test-gateway';

/**
 * A bet as the platform reports it: a baccarat banker bet of 100.00 by `memberId`, lost,
 * settled a minute ago (today in Beijing, where the screens open); `overrides` change the rest.
 */
export function aBet(memberId: string, overrides: Partial<PlatformBet> & Pick<PlatformBet, 'orderId'>): PlatformBet {
  const settleTime = new Date(Date.now() - 60_000);
  return {
    memberId,
    betTime: new Date(settleTime.getTime() - 30_000),
    settleTime,
    gameCode: 'baccarat',
    gameType: 'live',
    playType: 'banker',
    betCode: 'banker',
    gameId: 'BAC-01',
    gameName: '百家乐',
    round: `R${overrides.orderId}`,
    transactionId: `T${overrides.orderId}`,
    status: 'settled',
    bet: 10_000,
    validBet: 10_000,
    settle: 0,
    winLoss: -10_000,
    jackpot: 0,
    jackpotWon: 0,
    jackpotRake: 0,
    redPacket: 0,
    ...overrides,
  };
}

/** A bet as the platform's feed carries it (its times as ISO text), for a test to publish it there. */
export function feedBet(bet: PlatformBet): FeedBet {
  return { ...bet, betTime: bet.betTime.toISOString(), settleTime: bet.settleTime?.toISOString() ?? null };
}

/** A settled bet of 100.00 by a demo member with the given result, stored through the bet store as the ingest job would. */
export async function plantSettledBet(gw: TestGateway, input: { orderId: string; loginId: string; winLoss: number; validBet?: number }) {
  const bet = aBet(await gw.accountId(input.loginId), {
    orderId: input.orderId,
    winLoss: input.winLoss,
    settle: 10_000 + input.winLoss,
    validBet: input.validBet ?? 10_000,
  });
  await storeBets(gw.db, 'demo', [bet], new Date());
  return bet;
}
