import { describe, expect, it } from 'vitest';
import { valueAxis } from './chart-axis';

describe('bar chart value axis', () => {
  it('always holds 0: from 0 up for gains, down to 0 for losses, across 0 for both', () => {
    expect(valueAxis([10500, 12000]).domain).toEqual([0, 15000]);
    expect(valueAxis([-800, -200]).domain).toEqual([-800, 0]);
    expect(valueAxis([-800, 1200]).domain).toEqual([-1000, 1500]);
  });

  it('ticks in round steps with 0 among them, never at figures like -493.5 or -1,143.5', () => {
    const { ticks, domain } = valueAxis([-1143.5, -493.5, 120]);
    expect(ticks).toEqual([-1500, -1000, -500, 0, 500]);
    expect(domain).toEqual([-1500, 500]);
    expect(valueAxis([0.3, 0.7]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    for (const values of [[-1143.5, 7], [3, 77_777], [-0.05, 0.02], [1_234_567.8]]) {
      const axis = valueAxis(values);
      expect(axis.ticks, JSON.stringify(values)).toContain(0);
      const step = axis.ticks[1]! - axis.ticks[0]!;
      expect([1, 2, 5], JSON.stringify(values)).toContain(Number((step / 10 ** Math.floor(Math.log10(step))).toPrecision(6)));
    }
  });

  it('has an axis for no figures or only zeros', () => {
    expect(valueAxis([])).toEqual({ domain: [0, 1], ticks: [0, 1] });
    expect(valueAxis([0, 0])).toEqual({ domain: [0, 1], ticks: [0, 1] });
  });
});
