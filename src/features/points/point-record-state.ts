import { z } from 'zod';
import { idSchema } from '../../../contract/common.contract';
import { scoreTypes } from '../../../contract/points.contract';
import { urlStateCodec } from '@/hooks/use-url-state';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The score log's view in the URL: the account (id and name), type, Beijing days and order. */
export const pointRecordState = urlStateCodec(
  {
    account: idSchema,
    name: z.string().max(16),
    type: z.enum(['', ...scoreTypes]),
    start: day,
    end: day,
    order: z.enum(['desc', 'asc']),
  },
  { account: '', name: '', type: '', start: '', end: '', order: 'desc' },
);
