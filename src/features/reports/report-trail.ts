import { z } from 'zod';

/** The accounts a report was drilled into from the caller's own, in the URL: "id~login~level" joined by ".". */
export const trailSchema = z.string().regex(/^([1-9][0-9]{0,17}~[A-Za-z0-9_-]{1,16}~[0-4](\.|$))*$/);

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
