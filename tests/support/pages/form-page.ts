import type { Locator, Page } from 'playwright-core';

/**
 * A form of the form kit: its inputs have the ids `<prefix>-<field>`, each problem
 * `<prefix>-<field>-problem` (tied to the input by aria), each label `label[for]`.
 */
export class FormPage {
  constructor(
    readonly page: Page,
    readonly prefix: string,
  ) {}

  field(name: string): Locator {
    return this.page.locator(`#${this.prefix}-${name}`);
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.field(name).fill(value);
  }

  problem(name: string): Locator {
    return this.page.locator(`#${this.prefix}-${name}-problem`);
  }

  problemText(name: string): Promise<string | null> {
    return this.problem(name).textContent();
  }

  label(name: string): Promise<string | null> {
    return this.page.locator(`label[for="${this.prefix}-${name}"]`).textContent();
  }
}
