import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { ERROR_TOAST_MS, TOAST_MS, errorToast, toast, toastState } from './toast';

/** Lets the lazy import and React settle, then moves the clock on. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('toasts on sonner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    render(<Toaster />);
  });
  afterEach(async () => {
    await pass(10_000);
    cleanup();
    vi.useRealTimers();
  });

  it('shows one error message at a time, for 4 s, as an alert', async () => {
    expect(errorToast('首个错误')).toBe(true);
    await pass(50);
    expect(toastState().module).not.toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('首个错误');

    expect(errorToast('第二个错误')).toBe(false);
    await pass(50);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['首个错误']);

    await pass(ERROR_TOAST_MS - 400);
    expect(screen.queryByText('首个错误')).not.toBeNull();
    await pass(1000);
    expect(screen.queryByText('首个错误')).toBeNull();

    expect(errorToast('第三个错误')).toBe(true);
    await pass(50);
    expect(screen.getByRole('alert').textContent).toBe('第三个错误');
  });

  it('shows general toasts for 3 s', async () => {
    toast('已保存', { variant: 'success' });
    await pass(50);
    expect(screen.queryByText('已保存')).not.toBeNull();
    await pass(TOAST_MS - 400);
    expect(screen.queryByText('已保存')).not.toBeNull();
    await pass(1000);
    expect(screen.queryByText('已保存')).toBeNull();
  });
});
