/** How a value goes into a translated text: the value, its interpolation key, the text's language. */
export type Interpolate = (value: unknown, key: string | undefined, language: string) => unknown;

/**
 * An i18next formatter module (used with `interpolation.alwaysFormat`): every value put into a
 * text goes through what `current` returns at that moment, so the app can swap the formatting in
 * once it has loaded (i18n.ts) while tests pass the full one at once.
 */
export function textFormatter(current: () => Interpolate) {
  return {
    type: 'formatter' as const,
    init() {},
    add() {},
    addCached() {},
    format: (value: unknown, _format: string | undefined, language: string | undefined, options?: { interpolationkey?: string }) =>
      current()(value, options?.interpolationkey, language ?? 'zh'),
  };
}
