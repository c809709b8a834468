import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyChart } from './lazy-chart';

describe('lazyChart', () => {
  afterEach(cleanup);

  it('holds the chart’s box with a busy skeleton until the chart module has loaded, then draws it', async () => {
    type Chart = { default: (props: { total: number }) => React.ReactNode };
    let arrive!: (module: Chart) => void;
    const TotalsChart = lazyChart(() => new Promise<Chart>((resolve) => (arrive = resolve)));
    render(<TotalsChart total={3} className="h-64" />);
    const skeleton = document.querySelector('[data-slot="chart-skeleton"]')!;
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.className).toContain('h-64');
    await act(async () => arrive({ default: ({ total }) => <p>total {total}</p> }));
    expect(screen.getByText('total 3')).toBeTruthy();
    expect(document.querySelector('[data-slot="chart-skeleton"]')).toBeNull();
  });
});
