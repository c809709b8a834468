/** The steps an axis counts in: 1, 2 or 5 times a power of ten. */
function roundStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw)!;
  return step;
}

/**
 * A bar chart's value axis: bars are read against 0, so the axis always holds it, whatever the
 * signs of the values, and its ticks are round (0, 500, 1,000; never -493.5), about `count` of them.
 */
export function valueAxis(values: readonly number[], count = 5): { domain: [number, number]; ticks: number[] } {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  if (low === high) return { domain: [0, 1], ticks: [0, 1] };
  const step = roundStep(high - low, count);
  const from = Math.floor(low / step) * step;
  const to = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Whole multiples of the step, free of floating-point residue (0.1 + 0.2).
  for (let index = Math.round(from / step); index <= Math.round(to / step); index++) ticks.push(Number((index * step).toPrecision(12)));
  return { domain: [ticks[0]!, ticks.at(-1)!], ticks };
}
