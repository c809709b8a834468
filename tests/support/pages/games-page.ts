import type { Locator, Page } from 'playwright-core';
import { DataTablePage } from './data-table-page';

/** The games screen: each game of the platform, open or closed for the site, with its switch. */
export class GameSwitchPage {
  readonly table: DataTablePage;

  constructor(readonly page: Page) {
    this.table = new DataTablePage(page, 'game-rows');
  }

  row(gameCode: string): Locator {
    return this.table.rowWhere('game-code', gameCode);
  }

  /** Whether the screen shows the game open (its state badge). */
  async isOpen(gameCode: string): Promise<boolean> {
    return (await this.row(gameCode).getByTestId('game-state').getAttribute('data-open')) === 'true';
  }

  /** The button that closes (or opens) the game. */
  switchButton(gameCode: string, to: 'open' | 'close'): Locator {
    return this.row(gameCode).locator(`[data-action-id="game.${to}"]`);
  }
}

/** A member's device switches (the device screen, or the section of the edit screen). */
export class DeviceSwitchesPage {
  constructor(readonly page: Page) {}

  switchOf(device: 'pc' | 'h5' | 'app'): Locator {
    return this.page.locator(`[data-testid="device-switches"] [data-device="${device}"] [data-testid="device-switch"]`);
  }

  /** Whether the device is on, once the gateway has answered (null while loading). */
  async isEnabled(device: 'pc' | 'h5' | 'app'): Promise<boolean | null> {
    const value = await this.switchOf(device).getAttribute('data-enabled');
    return value === null ? null : value === 'true';
  }
}
