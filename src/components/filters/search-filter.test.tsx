import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchFilter } from './search-filter';
import { SelectFilter } from './select-filter';
import { startChineseI18n } from '../../../tests/support/jsdom-test-support';

beforeAll(startChineseI18n);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Screen({ onSearch }: { onSearch(value: string): void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'' | 'up' | 'down'>('');
  return (
    <div role="search" aria-label="记录">
      <SearchFilter
        label="名称"
        value={name}
        onChange={(value) => {
          onSearch(value);
          setName(value);
        }}
      />
      <SelectFilter
        label="类型"
        value={kind}
        onChange={setKind}
        options={[
          { value: 'up', label: '上分' },
          { value: 'down', label: '下分' },
        ]}
      />
      <p role="status">{`${name}|${kind}`}</p>
      <button
        type="button"
        onClick={() => {
          setName('');
          setKind('');
        }}
      >
        重置
      </button>
    </div>
  );
}

describe('search and select filters', () => {
  it('applies typed text once typing pauses, Enter at once, and Escape clears', async () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<Screen onSearch={onSearch} />);
    const field = screen.getByRole('searchbox', { name: '名称' });
    fireEvent.change(field, { target: { value: 'a' } });
    fireEvent.change(field, { target: { value: 'ab' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(onSearch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('ab');

    fireEvent.change(field, { target: { value: 'abc ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSearch).toHaveBeenLastCalledWith('abc');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onSearch).toHaveBeenCalledTimes(2);

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('applies a choice at once, and shows the values a screen sets from outside (a reset)', () => {
    render(<Screen onSearch={() => undefined} />);
    fireEvent.change(screen.getByRole('combobox', { name: '类型' }), { target: { value: 'down' } });
    const field = screen.getByRole('searchbox', { name: '名称' });
    fireEvent.change(field, { target: { value: 'ma01' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('ma01|down');
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect((field as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: '类型' }) as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('status').textContent).toBe('|');
  });

  it('names a select in a toolbar by a label only screen readers read, its first choice saying what it is for', () => {
    render(
      <SelectFilter
        label="在线状态"
        labelHidden
        value=""
        onChange={() => undefined}
        anyLabel="在线：全部"
        options={[{ value: 'yes', label: '在线' }]}
      />,
    );
    const select = screen.getByRole('combobox', { name: '在线状态' });
    expect(screen.getByText('在线状态').className.split(' ')).toContain('sr-only');
    expect((select as HTMLSelectElement).options[0]!.textContent).toBe('在线：全部');
  });
});
