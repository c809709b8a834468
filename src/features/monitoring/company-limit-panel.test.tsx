import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompanyLimitPanel } from './company-limit-panel';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    i18n: { language: 'en' },
  }),
}));

afterEach(cleanup);

describe('the lines stopped at their agent-to-company limit', () => {
  it('says none is stopped when the list is empty', () => {
    render(<CompanyLimitPanel stops={[]} />);
    expect(screen.getByTestId('company-limit-count').textContent).toBe('0');
    expect(screen.getByText('companyLimit.none')).toBeTruthy();
    expect(screen.queryAllByTestId('company-limit-row')).toHaveLength(0);
  });

  it('lists each stopped line with its game type, the open amount and the limit', () => {
    render(
      <CompanyLimitPanel
        stops={[
          { userId: '12', loginId: 'ag01010102', level: 4, gameType: 'live', used: '1203.50', limit: '1000.00' },
          { userId: '7', loginId: 'sh0101', level: 2, gameType: 'electronic', used: '50.00', limit: '50.00' },
        ]}
      />,
    );
    expect(screen.getByTestId('company-limit-count').textContent).toBe('2');
    const rows = screen.getAllByTestId('company-limit-row').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(0, 2)).toEqual(['ag01010102', 'game.live']);
    expect(rows[0]![2]).toMatch(/1,?203\.50/);
    expect(rows[0]![3]).toMatch(/1,?000\.00/);
    expect(rows[1]!.slice(0, 2)).toEqual(['sh0101', 'game.electronic']);
  });
});
