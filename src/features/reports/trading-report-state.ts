import { z } from 'zod';
import { rangePresets } from '@contract/range-presets.contract';
import { rangeFields } from '@/hooks/use-list-screen';
import { urlStateCodec } from '@/hooks/use-url-state';
import { trailSchema } from './report-trail';

/** The trading report's view in the URL: the accounts drilled into and the Beijing days (or a preset asked from the palette). */
export const tradingReportState = urlStateCodec(
  { trail: trailSchema, ...rangeFields, preset: z.enum(['', ...rangePresets]) },
  { trail: '', start: '', end: '', preset: '' },
);
