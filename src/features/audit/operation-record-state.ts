import { z } from 'zod';
import { operationLevels, signInResults } from '../../../contract/audit.contract';
import { urlStateCodec } from '@/hooks/use-url-state';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The operation record's view in the URL: the tab, the Beijing days (today when empty), the action and level; the sign-ins' name, address and outcome. */
export const operationRecordState = urlStateCodec(
  {
    tab: z.enum(['operations', 'signIns']),
    start: day,
    end: day,
    action: z.string().regex(/^gw\.[a-zA-Z.]+$/),
    level: z.enum(['', ...operationLevels]),
    login: z.string().max(16),
    ip: z.string().max(45),
    result: z.enum(['', ...signInResults]),
  },
  { tab: 'operations', start: '', end: '', action: '', level: '', login: '', ip: '', result: '' },
);
