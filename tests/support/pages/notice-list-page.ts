import type { Locator, Page } from 'playwright-core';
import { DataTablePage } from './data-table-page';
import { answerOfNextToast, markToasts, messagePattern } from './toast-reader';

/** Whether the locator shows within `ms`. */
const shownWithin = (locator: Locator, ms: number) =>
  locator.waitFor({ timeout: ms }).then(
    () => true,
    () => false,
  );

export type NoticeRowAction = 'PUBLISH' | 'EDIT' | 'REVOKE' | 'DELETE';

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
    await markToasts(this.page);
    const button = this.row().getByTestId(`notice-${action.toLowerCase()}`);
    if ((await button.count()) === 0) return 'not offered';
    await button.click();
    if (action === 'EDIT') {
      await this.page.getByTestId('notice-editor').waitFor();
      await this.page.getByTestId('notice-save').click();
    } else {
      const confirm = this.page.getByTestId('action-confirm-ok');
      // A click that met the row while the list re-rendered it (its status is derived once a
      // second) can be lost: nothing is sent before the confirmation, so the button is clicked again.
      for (let clicks = 1; !(await shownWithin(confirm, 3_000)); clicks++) {
        if (clicks === 3) throw new Error(`no confirmation opened after ${clicks} clicks on ${action}`);
        await button.click();
      }
      await confirm.click();
    }
    const done =
      action === 'EDIT'
        ? messagePattern('notices.saved', { title: this.title })
        : messagePattern(`notices.done.${action.toLowerCase()}`, { title: this.title });
    const answer = await answerOfNextToast(this.page, done);
    // The editor goes back to the list once saved.
    if (action === 'EDIT') await this.row().waitFor();
    return answer;
  }
}
