import { z } from 'zod';
import { rangePresets } from '../../../contract/range-presets.contract';
import { urlStateCodec } from '@/hooks/use-url-state';
import { trailSchema } from './report-trail';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The trading report's view in the URL: the accounts drilled into and the Beijing days (or a preset asked from the palette). */
export const tradingReportState = urlStateCodec(
  { trail: trailSchema, start: day, end: day, preset: z.enum(['', ...rangePresets]) },
  { trail: '', start: '', end: '', preset: '' },
);
