import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FilterBar } from './filter-bar';
import { SearchFilter } from './search-filter';
import { SelectFilter } from './select-filter';
import { startChineseI18n } from './test-support';

beforeAll(startChineseI18n);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Screen({ onSearch }: { onSearch(value: string): void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'' | 'up' | 'down'>('');
  return (
    <FilterBar
      label="记录"
      activeCount={(name ? 1 : 0) + (kind ? 1 : 0)}
      onReset={() => {
        setName('');
        setKind('');
      }}
    >
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
    </FilterBar>
  );
}

describe('search filter and filter bar', () => {
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

  it('counts the filters in force and resets them all', () => {
    render(<Screen onSearch={() => undefined} />);
    const reset = screen.getByRole('button', { name: '重置筛选' }) as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: '类型' }), { target: { value: 'down' } });
    const field = screen.getByRole('searchbox', { name: '名称' });
    fireEvent.change(field, { target: { value: 'ma01' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('已筛选 2 项');
    fireEvent.click(reset);
    expect((field as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: '类型' }) as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
