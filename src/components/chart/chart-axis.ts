/** A bar chart's value axis: bars are read against 0, so the axis always holds it, whatever the signs of the values. */
export const zeroBasedDomain: [(min: number) => number, (max: number) => number] = [(min) => Math.min(0, min), (max) => Math.max(0, max)];
