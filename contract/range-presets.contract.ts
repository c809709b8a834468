// Plain TypeScript without zod: the shell's time helpers read it on the first screen.

/** The quick ranges of Beijing days every range filter offers (weeks start on Monday). */
export const rangePresets = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'last7Days', 'last30Days'] as const;
export type RangePreset = (typeof rangePresets)[number];
