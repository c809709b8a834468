// @vitest-environment jsdom
// Recharts' tooltip and legend do not render on happy-dom (the web project's DOM): on jsdom.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updatePreferences } from '@/lib/preferences';
import { ChartContainer, ChartLegendContent, ChartTooltipContent, type ChartConfig } from './chart';

const language = vi.hoisted(() => ({ current: 'en' }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ i18n: { language: language.current }, t: (key: string) => key }) }));

const config = {
  bets: { label: 'Bets', theme: { black: '#f2b517', red: '#b91c1c' } },
  payout: { label: 'Payout', color: '#2563eb' },
} satisfies ChartConfig;

const size = { width: 320, height: 180 };

const payload = [
  { dataKey: 'bets', name: 'bets', value: 1234567, color: '#f2b517', graphicalItemId: 'a' },
  { dataKey: 'payout', name: 'payout', value: 98765.5, color: '#2563eb', graphicalItemId: 'b' },
];

describe('chart', () => {
  afterEach(() => {
    cleanup();
    language.current = 'en';
    act(() => updatePreferences({ theme: 'black' }));
  });

  it('sets --color-<series> from the config for the active theme, and follows a theme change', () => {
    act(() => updatePreferences({ theme: 'black' }));
    render(
      <ChartContainer config={config} data-testid="chart">
        <svg />
      </ChartContainer>,
    );
    const box = screen.getByTestId('chart');
    expect(box.style.getPropertyValue('--color-bets')).toBe('#f2b517');
    expect(box.style.getPropertyValue('--color-payout')).toBe('#2563eb');
    act(() => updatePreferences({ theme: 'red' }));
    expect(box.style.getPropertyValue('--color-bets')).toBe('#b91c1c');
    expect(box.style.getPropertyValue('--color-payout')).toBe('#2563eb');
  });

  it("writes the tooltip's values with the language's thousands separators under the config's labels", () => {
    const { rerender } = render(
      <ChartContainer config={config} initialDimension={size}>
        <ChartTooltipContent active payload={payload} label="2026-11-23" />
      </ChartContainer>,
    );
    const row = (key: string) => document.querySelector(`[data-slot="chart-tooltip"] [data-series="${key}"]`)!;
    expect(screen.getByText('2026-11-23')).toBeTruthy();
    expect(row('bets').textContent).toBe('Bets1,234,567');
    expect(row('payout').textContent).toBe('Payout98,765.5');
    language.current = 'id';
    rerender(
      <ChartContainer config={config} initialDimension={size}>
        <ChartTooltipContent active payload={payload} label="2026-11-23" />
      </ChartContainer>,
    );
    expect(row('bets').textContent).toBe('Bets1.234.567');
    expect(row('payout').textContent).toBe('Payout98.765,5');
  });

  it('shows nothing while the tooltip is inactive, and names legend entries from the config', () => {
    render(
      <ChartContainer config={config} initialDimension={size}>
        <div>
          <ChartTooltipContent active={false} payload={payload} />
          <ChartLegendContent payload={[{ value: 'bets', dataKey: 'bets', color: '#f2b517' }]} />
        </div>
      </ChartContainer>,
    );
    expect(document.querySelector('[data-slot="chart-tooltip"]')).toBeNull();
    expect(document.querySelector('[data-slot="chart-legend"] [data-series="bets"]')!.textContent).toBe('Bets');
  });
});
