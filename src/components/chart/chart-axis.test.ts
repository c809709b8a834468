import { describe, expect, it } from 'vitest';
import { zeroBasedDomain } from './chart-axis';

describe('bar chart value axis', () => {
  it('always holds 0: from 0 up for gains, down to 0 for losses, across 0 for both', () => {
    const [low, high] = zeroBasedDomain;
    expect([low(10500), high(12000)]).toEqual([0, 12000]);
    expect([low(-800), high(-200)]).toEqual([-800, 0]);
    expect([low(-800), high(1200)]).toEqual([-800, 1200]);
  });
});
