import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

/** Serious or critical WCAG 2.1 A/AA violations on the page as it is (an open list of suggestions included). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The journey's page back on the notices, as a person leaves a screen: a list or dialog closed. */
async function fromTheNotices(shell: ShellPage): Promise<Page> {
  await shell.page.keyboard.press('Escape');
  await shell.goTo('notice');
  return shell.page;
}

describe.runIf(e2e.run)('an admin searching the line in a UTC+7 browser, one signed-in page', () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin', { timezoneId: 'Asia/Bangkok' }));

  it('works by keyboard alone in a UTC+7 browser: a name typed in full and Enter, on the search and set-score screens', async () => {
    const page = await fromTheNotices(journey());
    expect(await page.evaluate(() => new Date('2026-03-02T00:00:00Z').getTimezoneOffset())).toBe(-420);
    await page.keyboard.press('Alt+3');
    const input = page.getByTestId('search-input');
    await input.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('search-input');
    await page.keyboard.type('SH010');
    await expect.poll(() => page.getByTestId('search-suggestion').count()).toBeGreaterThan(0);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    const result = page.getByTestId('search-result');
    await result.waitFor();
    expect(await result.getByRole('list').textContent()).toMatch(/admin.*ma01.*sh0101$/);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    // Escape clears the field.
    await input.press('Escape');
    await expect.poll(() => input.inputValue()).toBe('');

    await page.evaluate(() => (location.hash = '/settingScore/index'));
    const picker = page.getByTestId('child-picker');
    await picker.locator('[data-login-id="ma02"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.type('MA02');
    await page.keyboard.press('Enter');
    await page.getByTestId('score-form').waitFor();
    expect(await page.evaluate(() => location.hash)).toMatch(/^#\/settingScore\/index\/\d+$/);
  });

  it('suggests names as you type, finds the chosen one by keyboard, and opens it in user management', async () => {
    const page = await fromTheNotices(journey());
    await page.keyboard.press('Alt+3');
    await page.getByTestId('search-account-screen').waitFor();
    await page.getByTestId('search-input').pressSequentially('GA0101');
    await expect.poll(() => page.getByTestId('search-suggestion').allTextContents()).toEqual(['ga010101总代理', 'ga010102总代理']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const result = page.getByTestId('search-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('ga010102');
    expect(await result.getByRole('list').textContent()).toMatch(/admin.*ma01.*sh0101.*ga010102/);
    // A row of the kit's table: cells by column, the level in the interface language.
    expect(await result.getAttribute('data-login-id')).toBe('ga010102');
    expect(await result.locator('[data-column=level]').textContent()).toBe('总代理');
    expect(await page.getByTestId('search-results').getAttribute('aria-rowcount')).toBe('2');
    await page.getByRole('link', { name: '在用户管理中查看' }).click();
    await page.getByTestId('account-list-screen').waitFor();
    await expect
      .poll(() => page.getByTestId('account-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-login-id'))))
      .toContain('ga010102');
  });

  it('offers the score log account suggestions accessibly, and picks one by keyboard', async () => {
    const page = await fromTheNotices(journey());
    await page.keyboard.press('Alt+4');
    await page.getByTestId('log-row').first().waitFor();
    const field = page.getByTestId('log-account');
    await field.pressSequentially('mb0101010100');
    await expect.poll(() => page.getByTestId('log-account-suggestion').count()).toBeGreaterThan(1);
    expect(await seriousViolations(page)).toEqual([]);
    await field.press('ArrowDown');
    await field.press('ArrowDown');
    const chosen = await page.locator('[data-testid=log-account-suggestion][aria-selected=true]').getAttribute('data-login-id');
    expect(chosen).toMatch(/^mb0101010100\d$/);
    await field.press('Enter');
    await expect.poll(() => field.getAttribute('data-applied')).toBe('account');
    expect(await field.inputValue()).toBe(chosen);
    await expect
      .poll(async () =>
        (
          await page
            .getByTestId('log-row')
            .evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-from'), row.getAttribute('data-to')]))
        ).every((pair) => pair.includes(chosen)),
      )
      .toBe(true);
  });

  it('then ma02, signed in on the same page, is told when a name is not in its line', async () => {
    const shell = journey();
    await shell.signInAgainAs('ma02');
    await shell.page.goto(`${e2e.gw.url}/#/searchAccount/index`);
    await shell.page.getByTestId('search-input').fill('ga010101');
    await shell.page.getByTestId('search-input').press('Enter');
    await shell.page.getByText('您的代理线中没有这个用户名。').waitFor();
  });
});
