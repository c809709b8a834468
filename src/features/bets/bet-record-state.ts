import { z } from 'zod';
import { gameTypes } from '../../../contract/account-fields.contract';
import { idSchema } from '../../../contract/common.contract';
import { betStatuses } from '../../../contract/game.contract';
import { urlStateCodec } from '@/hooks/use-url-state';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The bet record's view in the URL: account (id and name), game type, game, status, order number and Beijing days. */
export const betRecordState = urlStateCodec(
  {
    account: idSchema,
    name: z.string().max(16),
    type: z.enum(['', ...gameTypes]),
    game: z.string().max(32),
    status: z.enum(['', ...betStatuses]),
    order: z.string().max(32),
    start: day,
    end: day,
  },
  { account: '', name: '', type: '', game: '', status: '', order: '', start: '', end: '' },
);
