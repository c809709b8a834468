import { z } from 'zod';
import { operationLevels, signInResults } from '@contract/audit.contract';
import { rangeFields } from '@/hooks/use-list-screen';
import { urlStateCodec } from '@/hooks/use-url-state';

/** The operation record's view in the URL: the tab, the Beijing days (today when empty), the action and level; the sign-ins' name, address and outcome. */
export const operationRecordState = urlStateCodec(
  {
    tab: z.enum(['operations', 'signIns']),
    ...rangeFields,
    action: z.string().regex(/^gw\.[a-zA-Z.]+$/),
    level: z.enum(['', ...operationLevels]),
    login: z.string().max(16),
    ip: z.string().max(45),
    result: z.enum(['', ...signInResults]),
  },
  { tab: 'operations', start: '', end: '', action: '', level: '', login: '', ip: '', result: '' },
);
