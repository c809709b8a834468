import { z } from 'zod';
import { gameTypes } from '@contract/account-fields.contract';
import { leaderboardMetrics } from '@contract/report.contract';
import { rangeFields } from '@/hooks/use-list-screen';
import { urlStateCodec } from '@/hooks/use-url-state';

export const leaderboardLimits = ['10', '20', '50', '100'] as const;

/** The leaderboard's view in the URL: what it ranks by, how many, the game type and the Beijing days. */
export const leaderboardState = urlStateCodec(
  {
    by: z.enum(leaderboardMetrics),
    limit: z.enum(leaderboardLimits),
    type: z.enum(['', ...gameTypes]),
    ...rangeFields,
  },
  { by: 'win', limit: '20', type: '', start: '', end: '' },
);
