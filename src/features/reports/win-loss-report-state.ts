import { z } from 'zod';
import { gameTypes } from '../../../contract/account-fields.contract';
import { rangePresets } from '../../../contract/range-presets.contract';
import { urlStateCodec } from '@/hooks/use-url-state';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The win/loss report's view in the URL: the Beijing days (or a preset), game type and game, and the accounts
 * drilled into from the caller's own ("id~login~level" joined by "."), the last one listed.
 */
export const winLossReportState = urlStateCodec(
  {
    trail: z.string().regex(/^([1-9][0-9]{0,17}~[A-Za-z0-9_-]{1,16}~[0-4](\.|$))*$/),
    type: z.enum(['', ...gameTypes]),
    game: z.string().max(32),
    start: day,
    end: day,
    /** A quick range asked from outside (the palette), read when start and end are not set. */
    preset: z.enum(['', ...rangePresets]),
  },
  { trail: '', type: '', game: '', start: '', end: '', preset: '' },
);

export interface TrailStep {
  userId: string;
  loginId: string;
  level: number;
}

export const parseTrail = (trail: string): TrailStep[] =>
  trail
    ? trail.split('.').map((step) => {
        const [userId, loginId, level] = step.split('~');
        return { userId: userId!, loginId: loginId!, level: Number(level) };
      })
    : [];

export const writeTrail = (steps: readonly TrailStep[]) => steps.map((step) => `${step.userId}~${step.loginId}~${step.level}`).join('.');
