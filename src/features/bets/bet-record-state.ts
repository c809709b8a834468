import { z } from 'zod';
import { gameTypes } from '@contract/account-fields.contract';
import { idSchema } from '@contract/common.contract';
import { BET_MAX_SPAN_DAYS, betStatuses } from '@contract/game.contract';
import type { ParamsIn } from '@contract/methods.contract';
import { rangeFields, type ListTimes } from '@/hooks/use-list-screen';
import { urlStateCodec } from '@/hooks/use-url-state';
import { rangeTimes, type BeijingRange } from '@/lib/time';

/** The bet record's view in the URL: account (id and name), game type, game, status, order number and Beijing days. */
export const betRecordState = urlStateCodec(
  {
    account: idSchema,
    name: z.string().max(16),
    type: z.enum(['', ...gameTypes]),
    game: z.string().max(32),
    status: z.enum(['', ...betStatuses]),
    order: z.string().max(32),
    ...rangeFields,
  },
  { account: '', name: '', type: '', game: '', status: '', order: '', start: '', end: '' },
);

export type BetQuery = Omit<ParamsIn<'gw.credit.bet.query'>, 'pageIndex' | 'pageSize'>;

/** The bet query a view asks for over the range's times. */
export function betParamsOf(view: ReturnType<typeof betRecordState.parse>, times: ListTimes): BetQuery {
  return {
    ...times,
    ...(view.account ? { userId: view.account } : {}),
    ...(view.type ? { gameType: view.type } : {}),
    ...(view.game ? { gameCode: view.game } : {}),
    ...(view.status ? { status: view.status } : {}),
    ...(view.order ? { orderId: view.order } : {}),
  };
}

/** The bet query a view asks for over a range of Beijing days; null while the range is not one the gateway takes. */
export function betQueryOf(view: ReturnType<typeof betRecordState.parse>, range: BeijingRange): BetQuery | null {
  const times = rangeTimes('gw.credit.bet.query', range, BET_MAX_SPAN_DAYS);
  return times ? betParamsOf(view, times) : null;
}
