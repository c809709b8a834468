import { z } from 'zod';
import { accountSortFields, accountStatuses } from '@contract/account.contract';
import { urlStateCodec } from '@/hooks/use-url-state';

const sortPattern = new RegExp(`^(${accountSortFields.join('|')})\\.(asc|desc)$`);

/** The account list's view in the URL: which accounts, the filters and the sort. */
export const accountListState = urlStateCodec(
  {
    kind: z.enum(['', 'agents', 'members']),
    search: z.string().trim().max(16),
    status: z.enum(['', ...accountStatuses.map(String)]),
    online: z.enum(['', 'yes', 'no']),
    locked: z.enum(['', 'yes', 'no']),
    level: z.enum(['', '1', '2', '3', '4']),
    sort: z.string().regex(sortPattern),
  },
  { kind: '', search: '', status: '', online: '', locked: '', level: '', sort: 'createdAt.desc' },
);
