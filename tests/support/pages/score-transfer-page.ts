import type { Page } from 'playwright-core';
import zhErrors from '../../../locales/zh/errors.json' with { type: 'json' };
import { text } from './locale-text';

/** Where the set-score screen is, as a person sees it: the dialog open, the result, the error with its retry, or the form. */
export type ScoreScreenState = 'confirming' | 'done' | 'failed' | 'editing' | 'submitting';

const catalogue = zhErrors as Record<string, string>;

/** The catalogue code whose Chinese message a text is (the screen shows messages, never codes); else the text itself, quoted. */
function codeOfMessage(shown: string, extra: Record<string, string> = {}): string {
  const known = { ...extra, ...Object.fromEntries(Object.entries(catalogue).map(([code, message]) => [message, code])) };
  return known[shown.trim()] ?? `"${shown.trim()}"`;
}

/** The set-score screen of one direct child (/settingScore/index/:userId): its form, confirmation, result and error. */
export class ScoreTransferPage {
  constructor(readonly page: Page) {}

  async open(userId: string): Promise<void> {
    await this.page.evaluate((hash) => (location.hash = hash), `/settingScore/index/${userId}`);
    await this.page.getByTestId('score-form').waitFor();
  }

  /** Clears the field and types the amount, as a person retypes one: the same amount again is still an edit. */
  async enterAmount(amount: string): Promise<void> {
    const field = this.page.locator('#score-amount');
    await field.fill('');
    await field.fill(amount);
  }

  submit(): Promise<void> {
    return this.page.getByTestId('score-submit').click();
  }

  confirm(): Promise<void> {
    return this.page.getByTestId('score-confirm-ok').click();
  }

  cancel(): Promise<void> {
    return this.page
      .getByTestId('score-confirm')
      .getByRole('button', { name: text('logout.cancel') })
      .click();
  }

  retry(): Promise<void> {
    return this.page.getByTestId('score-retry').click();
  }

  again(): Promise<void> {
    return this.page.getByTestId('score-new').click();
  }

  async state(): Promise<ScoreScreenState> {
    if (await this.page.getByTestId('score-confirm').isVisible()) return 'confirming';
    if (await this.page.getByTestId('score-result').isVisible()) return 'done';
    if (await this.page.getByTestId('score-error').isVisible()) return 'failed';
    return (await this.page.getByTestId('score-submit').isDisabled()) ? 'submitting' : 'editing';
  }

  /** The amount field's problem as its rule name or catalogue code ('amount-format', '20030'); 'none' without one. */
  async amountProblem(): Promise<string> {
    const problem = this.page.locator('#score-amount-problem');
    if (!(await problem.isVisible())) return 'none';
    return codeOfMessage((await problem.textContent()) ?? '', { [text('validation.amount')]: 'amount-format' });
  }

  /** The failure's catalogue code, read back from the message the error box shows; 'none' without one. */
  async errorShown(): Promise<string> {
    const error = this.page.getByTestId('score-error');
    if (!(await error.isVisible())) return 'none';
    return codeOfMessage((await error.locator('span').first().textContent()) ?? '');
  }
}
