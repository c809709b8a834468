import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { MobileBottomBar } from './mobile-bottom-bar';
import { startChineseI18n } from '../../tests/support/jsdom-test-support';

vi.mock('@/hooks/use-command-context', () => ({
  useRights: () => ({ userId: '1', level: 0, accessCodes: [1, 6, 7, 8], isSubAccount: false, mustChangePassword: false }),
}));

describe("the phone's bottom bar", () => {
  beforeAll(startChineseI18n);
  afterEach(cleanup);

  it('opens the command sheet from a command icon, not the search icon (the search is its own button)', () => {
    const onOpenCommands = vi.fn();
    render(
      <Router hook={memoryLocation({ path: '/notice' }).hook}>
        <MobileBottomBar onOpenCommands={onOpenCommands} onOpenMore={() => undefined} />
      </Router>,
    );
    const commands = screen.getByTestId('tab-commands');
    expect(commands.querySelector('svg.lucide-command')).not.toBeNull();
    expect(commands.querySelector('svg.lucide-search')).toBeNull();
    fireEvent.click(commands);
    expect(onOpenCommands).toHaveBeenCalledOnce();
  });
});
