import type { Locator, Page } from 'playwright-core';
import { FormPage } from './form-page';
import { JobProgressPage } from './job-progress-page';

export const gameTypes = ['electronic', 'live'] as const;
export type GameType = (typeof gameTypes)[number];

/** The add-account screen: one account (form `add-*`), the batch tab (form `batch-*`), the game settings (`game-<type>-<field>`). */
export class AddAccountPage {
  readonly root: Locator;
  readonly form: FormPage;
  readonly batch: FormPage;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('add-account-screen');
    this.form = new FormPage(page, 'add');
    this.batch = new FormPage(page, 'batch');
  }

  title(): Promise<string | null> {
    return this.root.getByRole('heading', { level: 1 }).textContent();
  }

  explanation(): Promise<string | null> {
    return this.page.getByTestId('add-explain').textContent();
  }

  gameField(gameType: GameType, field: string): Locator {
    return this.page.locator(`#game-${gameType}-${field}`);
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('add-submit').click();
  }

  async openBatch(): Promise<void> {
    await this.page.getByTestId('add-batch-tab').click();
    await this.page.getByTestId('batch-form').waitFor();
  }

  batchPreview(): Promise<string | null> {
    return this.page.getByTestId('batch-preview').textContent();
  }

  async submitBatch(): Promise<void> {
    await this.page.getByTestId('batch-submit').click();
  }

  batchJob(): JobProgressPage {
    return new JobProgressPage(this.page.getByTestId('batch-progress'));
  }

  async batchToList(): Promise<void> {
    await this.page.getByTestId('batch-to-list').click();
  }
}
