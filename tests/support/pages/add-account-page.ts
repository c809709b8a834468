import type { Locator, Page } from 'playwright-core';
import { FormPage } from './form-page';
import { JobProgressPage } from './job-progress-page';

export const gameTypes = ['electronic', 'live'] as const;
export type GameType = (typeof gameTypes)[number];

/** A new account as typed into the add form: its password twice; a member has no safe code and no share. */
export interface NewAccount {
  loginId: string;
  nickname: string;
  password: string;
  safeCode?: string;
  pointLimit?: string;
  agentCommisionRate?: string;
  validAmountRate?: string;
}

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

  /** Types a new agent or member into the one-account form, field by field in the screen's order. */
  async fillAccount(account: NewAccount): Promise<void> {
    const { loginId, nickname, password, safeCode, pointLimit, agentCommisionRate, validAmountRate } = account;
    const fields = { loginId, nickname, password, confirmPassword: password, safeCode, pointLimit, agentCommisionRate, validAmountRate };
    await this.form.fill(Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined)));
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
