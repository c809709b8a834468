import { z } from 'zod';
import { gameTypes } from '@contract/account-fields.contract';
import { rangePresets } from '@contract/range-presets.contract';
import { rangeFields } from '@/hooks/use-list-screen';
import { urlStateCodec } from '@/hooks/use-url-state';
import { trailSchema } from './report-trail';

/**
 * The win/loss report's view in the URL: the Beijing days (or a preset), game type and game, and the accounts
 * drilled into from the caller's own (report-trail.ts), the last one listed.
 */
export const winLossReportState = urlStateCodec(
  {
    trail: trailSchema,
    type: z.enum(['', ...gameTypes]),
    game: z.string().max(32),
    ...rangeFields,
    /** A quick range asked from outside (the palette), read when start and end are not set. */
    preset: z.enum(['', ...rangePresets]),
  },
  { trail: '', type: '', game: '', start: '', end: '', preset: '' },
);
