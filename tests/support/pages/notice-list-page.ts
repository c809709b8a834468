import type { Locator, Page } from 'playwright-core';
import zhErrors from '../../../locales/zh/errors.json' with { type: 'json' };
import { DataTablePage } from './data-table-page';
import { text } from './locale-text';

export type NoticeRowAction = 'PUBLISH' | 'EDIT' | 'REVOKE' | 'DELETE';

/** A locale text as a pattern: the values given filled in, any other `{{name}}` matching anything. */
function messagePattern(key: string, values: Record<string, string>): RegExp {
  const escaped = text(key, values).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, '.+'));
}

/** The notice screen's "all" tab, seen through one notice's row (found by id; its title unique, for the toasts). */
export class NoticeListPage {
  readonly table: DataTablePage;

  constructor(
    readonly page: Page,
    readonly noticeId: string,
    readonly title: string,
  ) {
    this.table = new DataTablePage(page, 'notice-rows');
  }

  row(): Locator {
    return this.table.rowWhere('notice-id', this.noticeId);
  }

  async open(): Promise<void> {
    await this.page.evaluate(() => (location.hash = '/notice?tab=all'));
    await this.row().waitFor();
  }

  /** The row's status as the screen derives it now; 'deleted' once the row is gone from the list. */
  async status(): Promise<string> {
    if ((await this.row().count()) === 0) return 'deleted';
    return (await this.row().getByTestId('notice-status').getAttribute('data-status')) ?? 'none';
  }

  /**
   * Clicks the row's action (confirming it; an edit saved in the editor as it stands) and reads the
   * answer off the toast it brings: 'ok', a refusal's catalogue code, or what was shown instead.
   */
  async act(action: NoticeRowAction): Promise<string> {
    const toasts = this.page.locator('[data-sonner-toast]:not([data-paths-seen])');
    // Toasts of earlier steps may still stand: only one that comes now is this action's answer.
    await this.page
      .locator('[data-sonner-toast]')
      .evaluateAll((shown) => shown.forEach((toast) => toast.setAttribute('data-paths-seen', '')));
    const button = this.row().getByTestId(`notice-${action.toLowerCase()}`);
    if ((await button.count()) === 0) return 'not offered';
    await button.click();
    if (action === 'EDIT') {
      await this.page.getByTestId('notice-editor').waitFor();
      await this.page.getByTestId('notice-save').click();
    } else await this.page.getByTestId('action-confirm-ok').click();
    const done =
      action === 'EDIT'
        ? messagePattern('notices.saved', { title: this.title })
        : messagePattern(`notices.done.${action.toLowerCase()}`, { title: this.title });
    const toast = toasts.first();
    await toast.waitFor({ timeout: 5_000 });
    const shown = ((await toast.textContent()) ?? '').trim();
    if (done.test(shown)) {
      if (action === 'EDIT') await this.row().waitFor();
      return 'ok';
    }
    const code = Object.entries(zhErrors as Record<string, string>).find(([, message]) => shown.includes(message))?.[0];
    return code ? `refused ${code}` : `"${shown}"`;
  }
}
