import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Rights } from '@commands/command';
import { useOpenTags } from './use-open-tags';

const agent: Rights = { userId: '7', level: 4, accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11], isSubAccount: false, mustChangePassword: false };

function openAt(path: string, rights: Rights) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => <Router hook={location.hook}>{children}</Router>;
  return { ...renderHook(() => useOpenTags(rights), { wrapper }), location };
}

describe('the open tabs', () => {
  it('open a tab for a menu screen the rights open, none for one they do not (its path shows the refusal only)', () => {
    const { result, location } = openAt('/notice', agent);
    act(() => location.navigate('/account/index'));
    expect(result.current.open).toEqual(['/notice', '/account/index']);
    // The system settings are the company's.
    act(() => location.navigate('/systemSetting/index'));
    expect(result.current.active).toBe('/systemSetting/index');
    expect(result.current.open).toEqual(['/notice', '/account/index']);
  });

  it('scroll a new screen to its top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { location } = openAt('/notice', agent);
    scrollTo.mockClear();
    act(() => location.navigate('/account/index'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scrollTo.mockRestore();
  });
});
