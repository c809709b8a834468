import { sql } from '../../server/kernel/db/sql';
import { describe, expect, it } from 'vitest';
import { parseBasisPoints, parseCents } from '../../contract/amount.contract';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { AccountListPage } from '../support/pages/account-list-page';
import { AddAccountPage, gameTypes } from '../support/pages/add-account-page';
import { text, textPattern } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

/** A journey's add form, blank: opened again from another screen, so that the last step's input is gone. */
async function blankAddForm(shell: ShellPage): Promise<AddAccountPage> {
  await shell.goTo('notice');
  await shell.goTo('addAccount');
  return new AddAccountPage(shell.page);
}

/** How each field of a game's settings reads from its input, in the database's units. */
const readers = {
  betting_ratio: parseBasisPoints,
  agent_rate: parseBasisPoints,
  agent_to_company_limit: parseCents,
  spread: parseBasisPoints,
  red_limit: parseCents,
} as const;
type GameField = keyof typeof readers;
const inputOf: Record<GameField, string> = {
  betting_ratio: 'bettingRatio',
  agent_rate: 'agentRate',
  agent_to_company_limit: 'agentToCompanyLimit',
  spread: 'spread',
  red_limit: 'redLimit',
};
/** An agent's columns, and a member's: the columns a player has. */
const AGENT_FIELDS: GameField[] = ['betting_ratio', 'agent_rate', 'agent_to_company_limit', 'spread', 'red_limit'];
const MEMBER_FIELDS: GameField[] = ['betting_ratio', 'spread', 'red_limit'];

/** The game settings the add form shows for these fields, read from its inputs (ids game-<type>-<field>), with each game's switch. */
async function shownGameSettings(add: AddAccountPage, fields: GameField[]) {
  const shown = [];
  for (const gameType of gameTypes) {
    const row: Record<string, unknown> = { game_type: gameType };
    for (const field of fields) row[field] = readers[field](await add.gameField(gameType, inputOf[field]).inputValue());
    row.enabled = (await add.gameField(gameType, 'enabled').getAttribute('aria-checked')) === 'true';
    shown.push(row);
  }
  return shown;
}

async function savedGameSettings(loginId: string) {
  const rows = await e2e.gw.db.rows<Record<string, unknown>>(sql`SELECT g.game_type, g.betting_ratio, g.agent_rate,
      g.agent_to_company_limit, g.spread, g.red_limit, g.enabled
    FROM game_settings g JOIN accounts a ON a.id = g.account_id
   WHERE a.site_id = 'demo' AND a.login_id = ${loginId} ORDER BY g.game_type`);
  return rows.map((row) => ({
    ...row,
    agent_to_company_limit: Number(row.agent_to_company_limit),
    red_limit: Number(row.red_limit),
  }));
}

// One page: the company, then a master agent, then an agent, each signed in in turn.
describe.runIf(e2e.run)('adding agents and members in Chromium, one page', () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

  it('adds an agent from the account list, which then shows it', async () => {
    const shell = journey();
    await shell.pressShortcut('accounts');
    const list = new AccountListPage(shell.page);
    await list.addAccount();
    const add = new AddAccountPage(shell.page);
    await add.root.waitFor();
    expect(await add.title()).toBe(text('add.titleAgent'));
    // The menu keeps user management highlighted on this hidden screen.
    expect(await shell.highlighted('accounts')).toBe(true);
    await add.fillAccount({
      loginId: 'e2eagent1',
      nickname: 'e2e agent',
      password: 'Agent_123',
      safeCode: '1357',
      pointLimit: '100000',
      agentCommisionRate: '50',
      validAmountRate: '1',
    });
    await add.submit();
    await shell.screen('accounts').waitFor();
    await shell.toast(text('add.done', { loginId: 'e2eagent1' })).waitFor();
    await list.search('e2eagent1');
    await expect.poll(() => list.total()).toBe(1);
    expect(await list.loginIds()).toEqual(['e2eagent1']);
  });

  describe('a master agent adding agents', () => {
    it('checks the form against the rules and the parent before sending, and shows a taken name from the gateway', async () => {
      const shell = journey();
      await shell.signInAgainAs('ma01');
      await shell.goTo('notice');
      await shell.runCommand('accounts.add');
      const add = new AddAccountPage(shell.page);
      await add.root.waitFor();
      await add.form.fill({
        loginId: 'sh0101',
        nickname: 'ab',
        password: 'weak',
        confirmPassword: 'weak2',
        pointLimit: '50000000.01',
        agentCommisionRate: '95',
        validAmountRate: '1.234',
      });
      await add.submit();
      await add.form.problem('nickname').waitFor();
      expect(await add.form.problemText('nickname')).toBe(text('validation.nickname'));
      // No safe code is typed for the new account: none is prefilled either.
      expect(await add.form.field('safeCode').inputValue()).toBe('');
      expect(await add.form.problemText('safeCode')).toBe(text('validation.safeCode'));
      expect(await add.form.problemText('confirmPassword')).toBe(text('validation.passwordMismatch'));
      expect(await add.form.problemText('pointLimit')).toMatch(textPattern('validation.aboveParent'));
      expect(await add.form.problemText('agentCommisionRate')).toMatch(textPattern('validation.aboveParent'));
      expect(await add.form.problemText('validAmountRate')).toBe(text('validation.percent'));

      await add.form.fill({
        nickname: 'taken name',
        password: 'Agent_123',
        confirmPassword: 'Agent_123',
        safeCode: '1357',
        pointLimit: '1000',
        agentCommisionRate: '80',
        validAmountRate: '1',
      });
      await add.submit();
      await expect.poll(() => add.form.problemText('loginId')).toBe(text('validation.loginIdTaken'));
    });

    it('saves the game settings it shows for an agent whose settings were not touched', async () => {
      const shell = journey();
      const add = await blankAddForm(shell);
      await add.fillAccount({
        loginId: 'e2eshown1',
        nickname: 'e2e shown',
        password: 'Agent_123',
        safeCode: '1357',
        pointLimit: '2000',
        agentCommisionRate: '40',
        validAmountRate: '0.5',
      });
      const shown = await shownGameSettings(add, AGENT_FIELDS);
      // What the gateway makes of the agent's own share, ratio and point limit, not ma01's maxima.
      expect(
        shown.map(({ agent_rate, betting_ratio, agent_to_company_limit }) => ({ agent_rate, betting_ratio, agent_to_company_limit })),
      ).toEqual([
        { agent_rate: 4000, betting_ratio: 50, agent_to_company_limit: 200_000 },
        { agent_rate: 4000, betting_ratio: 50, agent_to_company_limit: 200_000 },
      ]);
      await add.submit();
      await shell.screen('accounts').waitFor();
      expect(await savedGameSettings('e2eshown1')).toEqual(shown);
    });

    it('labels its fields as the add form, and says who sets the first password', async () => {
      const shell = journey();
      const add = await blankAddForm(shell);
      expect(await add.form.label('loginId')).toBe(text('add.loginId'));
      expect(await add.form.label('password')).toBe(text('add.password'));
      expect(await add.form.label('confirmPassword')).toBe(text('add.confirmPassword'));
      expect(await add.form.label('confirmPassword')).not.toBe(text('password.confirm'));
      expect(await add.explanation()).toBe(text('add.explainAgent'));
      await add.submit();
      expect(await add.form.problemText('loginId')).toBe(text('add.loginIdRequired'));
      expect(text('add.loginIdRequired')).not.toBe(text('validation.loginIdRequired'));
    });
  });

  describe('an agent adding members', () => {
    it('lets an agent add a member (no share and no safe code to set), listed among its members', async () => {
      const shell = journey();
      await shell.signInAgainAs('ag01010102');
      const add = await blankAddForm(shell);
      expect(await add.title()).toBe(text('add.titleMember'));
      // A member never signs in to the back office: no share, no safe code, no agent columns.
      expect(await add.form.field('agentCommisionRate').count()).toBe(0);
      expect(await add.form.field('safeCode').count()).toBe(0);
      for (const gameType of gameTypes)
        for (const field of ['agentRate', 'agentToCompanyLimit']) expect(await add.gameField(gameType, field).count()).toBe(0);
      await add.fillAccount({
        loginId: 'e2emember1',
        nickname: 'e2e member',
        password: 'Member_12',
        pointLimit: '500',
        validAmountRate: '0.5',
      });
      await add.submit();
      await shell.screen('accounts').waitFor();
      const list = new AccountListPage(shell.page);
      await expect.poll(() => list.total()).toBe(6);
      expect(await list.loginIds()).toContain('e2emember1');
    });

    it('saves a member with the game settings it shows, the cell typed into kept when the limits above change', async () => {
      const shell = journey();
      const add = await blankAddForm(shell);
      await add.fillAccount({
        loginId: 'e2eshown2',
        nickname: 'e2e shown',
        password: 'Member_12',
      });
      await add.form.fill({ pointLimit: '300', validAmountRate: '0.2' });
      await add.gameField('live', 'redLimit').fill('100');
      await add.gameField('electronic', 'enabled').click();
      await add.form.fill({ pointLimit: '400' });
      const shown = await shownGameSettings(add, MEMBER_FIELDS);
      expect(shown.map(({ game_type, red_limit, enabled }) => ({ game_type, red_limit, enabled }))).toEqual([
        { game_type: 'electronic', red_limit: expect.any(Number), enabled: false },
        { game_type: 'live', red_limit: 10_000, enabled: true },
      ]);
      await add.submit();
      await shell.screen('accounts').waitFor();
      const saved = await savedGameSettings('e2eshown2');
      const pick = (row: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, row[key]]));
      expect(saved.map((row) => pick(row, ['game_type', 'betting_ratio', 'spread', 'red_limit', 'enabled']))).toEqual(shown);
      // What is not asked of a member: no share, and a company limit at most its own point limit.
      expect(saved.map((row) => pick(row, ['agent_rate', 'agent_to_company_limit']))).toEqual([
        { agent_rate: 0, agent_to_company_limit: 40_000 },
        { agent_rate: 0, agent_to_company_limit: 40_000 },
      ]);
    });
  });
});
