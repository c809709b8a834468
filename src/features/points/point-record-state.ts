import { z } from 'zod';
import { idSchema } from '@contract/common.contract';
import { scoreTypes } from '@contract/points.contract';
import { rangeFields } from '@/hooks/use-list-screen';
import { urlStateCodec } from '@/hooks/use-url-state';

/** The score log's view in the URL: the account (id and name), type, Beijing days, order and (risk search) amount bounds. */
export const pointRecordState = urlStateCodec(
  {
    account: idSchema,
    name: z.string().max(16),
    type: z.enum(['', ...scoreTypes]),
    ...rangeFields,
    order: z.enum(['desc', 'asc']),
    // The set-score risk search's bounds, in whole points as typed.
    min: z.string().regex(/^\d{1,13}$/),
    max: z.string().regex(/^\d{1,13}$/),
  },
  { account: '', name: '', type: '', start: '', end: '', order: 'desc', min: '', max: '' },
);
