import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorToast, toast, toastState } from '@/lib/toast';
import { ToasterHost } from './toaster-host';

// Sonner's chunk cannot be fetched (the network is down: when a message matters most).
vi.mock('@/components/ui/sonner', () => {
  throw new Error('Failed to fetch dynamically imported module');
});
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('toaster host without sonner', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('still shows the error message, as a plain alert for 4 s, and a general toast for 3 s', async () => {
    vi.useFakeTimers();
    render(<ToasterHost />);
    expect(errorToast('网络错误，请重试')).toBe(true);
    await pass(10);
    expect(toastState().module).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('网络错误，请重试');
    expect(errorToast('另一个错误')).toBe(false);
    await pass(3900);
    expect(screen.getByRole('alert').textContent).toBe('网络错误，请重试');
    await pass(200);
    expect(screen.queryByRole('alert')).toBeNull();

    toast('已保存');
    await pass(10);
    expect(screen.getByRole('status').textContent).toBe('已保存');
    await pass(3000);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
