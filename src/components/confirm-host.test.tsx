import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { askConfirm } from '@/lib/confirm';
import { ConfirmHost } from './confirm-host';
import { startChineseI18n, stubLayout } from '../../tests/support/jsdom-test-support';

const ask = (destructive?: boolean) => {
  let answer: Promise<boolean> = Promise.resolve(false);
  act(() => {
    answer = askConfirm({
      title: '给 ma02 上分 10.00？',
      description: '余额 5.00',
      action: '上分',
      ...(destructive ? { destructive } : {}),
    });
  });
  return answer;
};

describe('the confirmation dialog', () => {
  beforeAll(async () => {
    stubLayout();
    await startChineseI18n();
  });
  afterEach(cleanup);

  it('makes the action the default button, so Enter confirms', async () => {
    render(<ConfirmHost />);
    const answer = ask();
    const action = await screen.findByTestId('action-confirm-ok');
    await waitFor(() => expect(document.activeElement).toBe(action));
    expect(screen.getByTestId('action-confirm').getAttribute('data-destructive')).toBe('false');
    // Enter on a focused button presses it.
    fireEvent.click(document.activeElement!);
    await expect(answer).resolves.toBe(true);
  });

  it('leaves Cancel the default button of a destructive action', async () => {
    render(<ConfirmHost />);
    const answer = ask(true);
    await screen.findByTestId('action-confirm-ok');
    const cancel = screen.getByRole('button', { name: '取消' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(screen.getByTestId('action-confirm').getAttribute('data-destructive')).toBe('true');
    fireEvent.click(document.activeElement!);
    await expect(answer).resolves.toBe(false);
  });

  it('gives the focus back to what had it when it opened, though nothing triggered it', async () => {
    render(
      <>
        <button type="button">积分</button>
        <ConfirmHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: '积分' });
    opener.focus();
    const answer = ask();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('action-confirm-ok')));
    fireEvent.click(document.activeElement!);
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("gives it to the shown screen's start when nothing had it, never to the page's body", async () => {
    render(
      <>
        <main id="main" tabIndex={-1}>
          <section>
            <div role="search">
              <input aria-label="账号" />
            </div>
          </section>
        </main>
        <ConfirmHost />
      </>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    const answer = ask(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' })));
    fireEvent.click(document.activeElement!);
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '账号' })));
  });
});
