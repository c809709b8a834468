import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as GatewayClientModule from '@/api/gateway-client';
import { AccountPicker, type AccountSource, type AccountSuggestion } from './account-picker';
import { startChineseI18n, stubLayout, WithQueries } from '../../../tests/support/jsdom-test-support';

type GatewayClient = typeof GatewayClientModule;

const call = vi.hoisted(() => vi.fn());
vi.mock('@/api/gateway-client', async (original) => ({ ...(await original<GatewayClient>()), call }));

const line: AccountSuggestion[] = [
  { userId: '11', loginId: 'ma01', nickname: 'North', level: 1 },
  { userId: '12', loginId: 'ma02', nickname: 'South', level: 1 },
  { userId: '13', loginId: 'ma03', nickname: 'East', level: 1 },
];

function Harness({
  onPick,
  onSubmit,
  source,
}: {
  onPick(account: AccountSuggestion): void;
  onSubmit(name: string): void;
  source?: AccountSource;
}) {
  const [text, setText] = useState('');
  return (
    <WithQueries>
      <AccountPicker
        label="账号"
        source={source}
        text={text}
        onTextChange={setText}
        onPick={onPick}
        onSubmit={onSubmit}
        onClear={() => setText('')}
      />
    </WithQueries>
  );
}

beforeAll(async () => {
  stubLayout();
  await startChineseI18n();
});
beforeEach(() => {
  call.mockReset();
  call.mockImplementation(async (_method: string, params: { keyword: string }) => ({
    list: line.filter((account) => account.loginId.startsWith(params.keyword.toLowerCase())),
  }));
});
afterEach(cleanup);

function setUp(source?: AccountSource) {
  const onPick = vi.fn();
  const onSubmit = vi.fn();
  render(<Harness onPick={onPick} onSubmit={onSubmit} source={source} />);
  const input = screen.getByRole('combobox', { name: '账号' });
  const type = (text: string) => {
    act(() => input.focus());
    for (let end = 1; end <= text.length; end++) fireEvent.change(input, { target: { value: text.slice(0, end) } });
  };
  const key = (name: string) => fireEvent.keyDown(input, { key: name });
  return { input, onPick, onSubmit, type, key };
}

describe('the account picker', () => {
  it('asks for suggestions once typing pauses, not at every key, and lists them', async () => {
    const { input, type } = setUp();
    type('ma0');
    expect(call).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('gw.credit.fuzzy.search.tips', { keyword: 'ma0', limit: 10 });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-controls')!)?.getAttribute('role')).toBe('listbox');
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('data-login-id'))).toEqual(['ma01', 'ma02', 'ma03']);
    // Nothing is highlighted until an arrow key says so.
    expect(screen.queryByRole('option', { selected: true })).toBeNull();
  });

  it('picks a suggestion with the arrow keys and Enter', async () => {
    const { input, onPick, onSubmit, type, key } = setUp();
    type('ma0');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    key('ArrowDown');
    key('ArrowDown');
    await waitFor(() => expect(screen.getByRole('option', { selected: true }).getAttribute('data-login-id')).toBe('ma02'));
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { selected: true }).id);
    key('ArrowUp');
    key('ArrowUp');
    // Up from the first goes round to the last.
    await waitFor(() => expect(screen.getByRole('option', { selected: true }).getAttribute('data-login-id')).toBe('ma03'));
    key('Enter');
    expect(onPick).toHaveBeenCalledWith(line[2]);
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
  });

  it('applies a full name typed and Enter at once, before any suggestion arrived', () => {
    const { onPick, onSubmit, type, key } = setUp();
    type('sh0101');
    key('Enter');
    expect(onSubmit).toHaveBeenCalledWith('sh0101');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('picks the listed account of exactly the typed name (any case) on Enter', async () => {
    const { onPick, onSubmit, type, key } = setUp();
    type('MA02');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    key('Enter');
    expect(onPick).toHaveBeenCalledWith(line[1]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says when nothing matches, closes on Escape and clears on a second Escape', async () => {
    const { input, type, key } = setUp();
    type('zz');
    // A listbox holds only options: the loading and empty messages are statuses beside it.
    expect(screen.getByRole('status').textContent).toBe('正在查找…');
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true');
    await screen.findByText('没有匹配的账号');
    expect(screen.getByRole('status').textContent).toBe('没有匹配的账号');
    expect(screen.getByRole('listbox').textContent).toBe('');
    key('Escape');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
    expect((input as HTMLInputElement).value).toBe('zz');
    key('Escape');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('asks the agents-only tips when told to list agents', async () => {
    const { type } = setUp('agents');
    type('ma');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(call).toHaveBeenCalledExactlyOnceWith('gw.credit.fuzzy.agent.search.tips', { keyword: 'ma', limit: 10 });
  });
});
