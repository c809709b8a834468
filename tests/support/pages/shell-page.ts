import type { Browser, Locator, Page } from 'playwright-core';
import { screens, type ScreenId } from '../../../commands/screens';
import { closeApp, openSignedIn, signIn, signOut, type OpenAppOptions } from '../app-page';
import type { TestGateway } from '../test-gateway';

/** The data-testid of each screen's root, for the screens the page objects wait for. */
const screenTestIds: Partial<Record<ScreenId, string>> = {
  notice: 'notice-screen',
  noticeEditor: 'notice-editor',
  accounts: 'account-list-screen',
  stopList: 'stop-list-screen',
  addAccount: 'add-account-screen',
  editAccount: 'edit-account-screen',
  gameSwitch: 'game-switch-screen',
  videoOrder: 'bet-record-screen',
  gameResult: 'game-result-screen',
  deviceSwitch: 'device-switch-screen',
  gameTransfer: 'game-transfer-screen',
  gameLog: 'game-log-screen',
  winningReport: 'win-loss-screen',
  dailyReport: 'daily-report-screen',
  leaderboard: 'leaderboard-screen',
  tradingReport: 'trading-screen',
  bill: 'bill-screen',
  statement: 'statement-screen',
  suggestion: 'suggestion-screen',
  systemSetting: 'system-setting-screen',
  userWarning: 'user-warning-screen',
  exposureRating: 'exposure-screen',
  scoreRisk: 'score-risk-screen',
  ipCheck: 'ip-check-screen',
  scoreCheck: 'score-check-screen',
  reconciliation: 'reconciliation-screen',
  dealRecord: 'deal-record-screen',
};

/** The signed-in app around the screens: the menu (entries by screen id), the palette, toasts. */
export class ShellPage {
  constructor(
    readonly page: Page,
    readonly gw: TestGateway,
  ) {}

  /** Opens the app signed in (by hand the first time in a file: openSignedIn) on the first screen (the notices). */
  static async signedIn(browser: Browser, gw: TestGateway, loginId: string, options: OpenAppOptions = {}): Promise<ShellPage> {
    return new ShellPage(await openSignedIn(browser, gw, loginId, { ...options, firstScreen: screenTestIds.notice! }), gw);
  }

  screen(id: ScreenId): Locator {
    const testId = screenTestIds[id];
    if (!testId) throw new Error(`no page object knows the root of screen ${id}`);
    return this.page.getByTestId(testId);
  }

  menuEntry(id: ScreenId): Locator {
    return this.page.getByTestId('sidebar').locator(`a[data-screen-id="${id}"]`);
  }

  /** Whether the menu highlights the screen's entry (aria-current="page"). */
  async highlighted(id: ScreenId): Promise<boolean> {
    return (await this.menuEntry(id).getAttribute('aria-current')) === 'page';
  }

  /** Goes to a screen by the address its menu entry links to (and params after it), as a typed address would. */
  async goTo(id: ScreenId, rest = ''): Promise<void> {
    const screen = screens.find((each) => each.id === id)!;
    await this.page.evaluate((to) => (location.hash = to), `${screen.path}${rest}`);
    if (screenTestIds[id]) await this.screen(id).waitFor();
  }

  /** Goes to a screen by its menu shortcut (Alt+2...), read from the routes table. */
  async pressShortcut(id: ScreenId): Promise<void> {
    const shortcut = screens.find((each) => each.id === id)?.menu?.shortcut;
    if (!shortcut) throw new Error(`screen ${id} has no shortcut`);
    await this.page.keyboard.press(
      shortcut.replace(/(^|\+)([a-z])(?=[a-z])/g, (_, plus: string, letter: string) => plus + letter.toUpperCase()),
    );
    if (screenTestIds[id]) await this.screen(id).waitFor();
  }

  palette(): Locator {
    return this.page.getByRole('dialog').getByRole('combobox');
  }

  async openPalette(): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await this.palette().waitFor();
  }

  /** Opens the palette, types the command's id and runs it with Enter once it is the chosen entry. */
  async runCommand(commandId: string): Promise<void> {
    await this.openPalette();
    await this.page.keyboard.type(commandId);
    await this.page.locator(`[data-command-id="${commandId}"][aria-selected="true"]`).waitFor();
    await this.page.keyboard.press('Enter');
  }

  /** A toast saying exactly this text. */
  toast(shown: string): Locator {
    return this.page.locator('[data-sonner-toast]').getByText(shown, { exact: true });
  }

  /** The confirmation an action asks for, accepted. */
  async confirm(): Promise<void> {
    await this.page.getByTestId('action-confirm-ok').click();
  }

  /** Logs out by the palette and its confirmation, then signs in by hand as loginId on the same page (no new page load). */
  async signInAgainAs(loginId: string): Promise<void> {
    await signOut(this.page);
    await signIn(this.page, this.gw, loginId);
    await this.screen('notice').waitFor();
  }

  close(): Promise<void> {
    return closeApp(this.page);
  }
}
