import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Exclusion } from '@contract/exclusion.contract';
import MemberExclusionScreen from './member-exclusion-screen';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    i18n: { language: 'en' },
  }),
}));
vi.mock('wouter', () => ({
  useParams: () => ({ userId: '9' }),
  Link: ({ children, href }: { children: unknown; href: string }) => <a href={href}>{children as never}</a>,
}));

const state = vi.hoisted(() => ({
  exclusion: null as unknown,
  set: vi.fn(),
  lift: vi.fn(),
}));
vi.mock('@/api/queries', () => ({
  useCall: () => ({ data: { userId: '9', loginId: 'mb01', exclusion: state.exclusion }, isError: false }),
  useCallMutation: (method: string) => ({
    mutate: method === 'gw.credit.user.exclusion.set' ? state.set : state.lift,
    isPending: false,
  }),
}));
vi.mock('@/hooks/use-command-context', () => ({ useCommands: () => ({ report: vi.fn() }) }));

afterEach(cleanup);
beforeEach(() => {
  state.exclusion = null;
  state.set.mockReset();
  state.lift.mockReset();
});

const inForce: Exclusion = {
  userId: '9',
  loginId: 'mb01',
  kind: 'self-exclusion',
  reason: 'responsible-gaming',
  note: 'at the desk',
  setById: '40',
  setByLogin: 'ag01',
  setterLevel: 4,
  setAt: '2026-12-01T00:00:00.000Z',
  until: null,
};

describe('the time-out screen', () => {
  it('sets the period, kind, reason and note chosen', () => {
    render(<MemberExclusionScreen />);
    expect(screen.getByText('exclusion.none')).toBeTruthy();
    expect(screen.queryByText('exclusion.lift')).toBeNull();
    fireEvent.change(screen.getByLabelText('exclusion.period'), { target: { value: '6m' } });
    fireEvent.change(screen.getByLabelText('exclusion.kindLabel'), { target: { value: 'self-exclusion' } });
    fireEvent.change(screen.getByLabelText('exclusion.reasonLabel'), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText('exclusion.note'), { target: { value: ' asked twice ' } });
    fireEvent.click(screen.getByText('exclusion.set'));
    expect(state.set).toHaveBeenCalledWith({ userId: '9', period: '6m', kind: 'self-exclusion', reason: 'other', note: 'asked twice' });
  });

  it('shows the one in force, offers to change its end or lift it', () => {
    state.exclusion = inForce;
    render(<MemberExclusionScreen />);
    expect(screen.getByTestId('exclusion-in-force').textContent).toContain('exclusion.permanent');
    expect(screen.getByTestId('exclusion-in-force').textContent).toContain('ag01');
    fireEvent.click(screen.getByText('exclusion.lift'));
    expect(state.lift).toHaveBeenCalledWith({ userId: '9' });
    fireEvent.click(screen.getByText('exclusion.change'));
    expect(state.set).toHaveBeenCalledWith({ userId: '9', period: '24h', kind: 'time-out', reason: 'member-request' });
  });
});
