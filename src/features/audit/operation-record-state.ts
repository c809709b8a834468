import { z } from 'zod';
import { operationLevels } from '../../../contract/audit.contract';
import { urlStateCodec } from '@/hooks/use-url-state';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The operation record's view in the URL: the tab, the Beijing days (today when empty), the action and level. */
export const operationRecordState = urlStateCodec(
  {
    tab: z.enum(['operations', 'signIns']),
    start: day,
    end: day,
    action: z.string().regex(/^gw\.[a-zA-Z.]+$/),
    level: z.enum(['', ...operationLevels]),
  },
  { tab: 'operations', start: '', end: '', action: '', level: '' },
);
