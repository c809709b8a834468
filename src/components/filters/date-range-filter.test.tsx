import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rangeInstants, type BeijingRange } from '@/lib/time';
import { DateRangeFilter } from './date-range-filter';
import { startChineseI18n } from '../../../tests/support/jsdom-test-support';
import enCommon from '../../../locales/en/common.json';

// An agent in Bangkok at 23:30 on Sunday 2026-03-01, which is already 00:30 on Monday in Beijing.
const NOW = new Date('2026-03-01T16:30:00Z');
const savedZone = process.env.TZ;

beforeAll(async () => {
  process.env.TZ = 'Asia/Bangkok';
  await startChineseI18n();
  i18next.addResourceBundle('en', 'common', enCommon);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
  process.env.TZ = savedZone;
});
afterEach(cleanup);

function setUp(props: { initial: BeijingRange; maxSpanDays?: number; withTime?: boolean }) {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(props.initial);
    return (
      <DateRangeFilter
        value={value}
        onChange={(range) => {
          onChange(range);
          setValue(range);
        }}
        maxSpanDays={props.maxSpanDays}
        withTime={props.withTime}
      />
    );
  }
  render(<Harness />);
  return { onChange, start: screen.getByLabelText('开始（北京时间）'), end: screen.getByLabelText('结束（北京时间）') };
}

describe('the Beijing date range filter', () => {
  it('sets Beijing days from a preset in a UTC+7 browser, weeks from Monday', () => {
    expect(NOW.getTimezoneOffset()).toBe(-420);
    const { onChange, start, end } = setUp({ initial: { start: '', end: '' } });
    fireEvent.click(screen.getByRole('button', { name: '本周' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-02', end: '2026-03-02' });
    expect((start as HTMLInputElement).value).toBe('2026-03-02');
    expect(screen.getByRole('button', { name: '本周' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '上周' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-02-23', end: '2026-03-01' });
    expect((end as HTMLInputElement).value).toBe('2026-03-01');
    fireEvent.click(screen.getByRole('button', { name: '上月' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-02-01', end: '2026-02-28' });
    expect(rangeInstants(onChange.mock.lastCall![0])).toEqual({ start: '2026-01-31T16:00:00.000Z', end: '2026-02-28T16:00:00.000Z' });
  });

  it('gives date-times [start, end) from a preset when it has times', () => {
    const { onChange } = setUp({ initial: { start: '', end: '' }, withTime: true });
    fireEvent.click(screen.getByRole('button', { name: '今天' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-02T00:00', end: '2026-03-03T00:00' });
  });

  it('refuses a span above the maximum with a message and keeps the last valid range', () => {
    const { onChange, start, end } = setUp({ initial: { start: '2026-03-02', end: '2026-03-02' }, maxSpanDays: 15 });
    // Presets longer than the maximum are not offered.
    expect((screen.getByRole('button', { name: '近 30 天' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '近 7 天' }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.change(start, { target: { value: '2026-02-01' } });
    expect(screen.getByRole('alert').textContent).toBe('时间范围最长 15 天，请缩小范围');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(end.getAttribute('aria-describedby')?.split(' ')).toContain(screen.getByRole('alert').id);
    expect(onChange).not.toHaveBeenCalled();

    // 15 whole days, 2026-02-16 through 2026-03-02, is the most it takes; one more is refused.
    fireEvent.change(start, { target: { value: '2026-02-15' } });
    expect(screen.getByRole('alert').textContent).toBe('时间范围最长 15 天，请缩小范围');
    fireEvent.change(start, { target: { value: '2026-02-16' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ start: '2026-02-16', end: '2026-03-02' });

    fireEvent.change(end, { target: { value: '2026-02-10' } });
    expect(screen.getByRole('alert').textContent).toBe('开始时间必须早于结束时间');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('writes the chosen range in the interface language beside the native inputs, and again when the language changes', async () => {
    const { start, end } = setUp({ initial: { start: '2026-03-02', end: '2026-03-08' } });
    const chosen = () => {
      const ids = start.getAttribute('aria-describedby')?.split(' ') ?? [];
      expect(end.getAttribute('aria-describedby')).toBe(start.getAttribute('aria-describedby'));
      return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
    };
    expect(chosen()).toBe('已选：2026/03/02 至 2026/03/08');
    expect(screen.getByText('已选：2026/03/02 至 2026/03/08')).toBeTruthy();
    // The inputs keep their own value; the browser writes it as it likes.
    expect((start as HTMLInputElement).value).toBe('2026-03-02');

    try {
      await act(() => i18next.changeLanguage('en'));
      expect(chosen()).toBe('Selected: 03/02/2026 to 03/08/2026');
      fireEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
      expect(chosen()).toBe('Selected: 03/01/2026 to 03/01/2026');
    } finally {
      await act(() => i18next.changeLanguage('zh'));
    }
    expect(chosen()).toBe('已选：2026/03/01 至 2026/03/01');
  });

  it('writes chosen date-times to the minute, and an open side as open', async () => {
    const { start } = setUp({ initial: { start: '2026-03-02T09:30', end: '' }, withTime: true });
    const chosen = () => document.getElementById(start.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(chosen()).toBe('已选：2026/03/02 09:30 至 …');
    try {
      await act(() => i18next.changeLanguage('en'));
      expect(chosen()).toBe('Selected: 03/02/2026, 09:30 to …');
    } finally {
      await act(() => i18next.changeLanguage('zh'));
    }
  });
});
