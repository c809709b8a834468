import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command';
import { CommandPalette } from './command-palette';
import { startChineseI18n, stubLayout } from '../../tests/support/jsdom-test-support';

const context = {
  rights: { userId: '1', level: 0, accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11], isSubAccount: false, mustChangePassword: false },
  t: (key: string) => key,
} as unknown as CommandContext;

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

describe('the command palette', () => {
  beforeAll(async () => {
    stubLayout();
    await startChineseI18n();
  });
  afterEach(cleanup);

  // More commands than a virtualized page holds (50): the command list stays grouped, so the
  // recent ones and each group keep their headings, and every row is there from the first render.
  it('lists every command grouped, not virtualized, however many there are', () => {
    render(<CommandPalette open onOpenChange={() => undefined} context={context} />, { wrapper });
    expect(screen.getAllByRole('option').length).toBeGreaterThan(50);
    expect(screen.getAllByRole('group').length).toBeGreaterThan(1);
  });
});
