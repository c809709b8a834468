import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withFaults } from '../../server/games/game-platform';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { REPAIR_AFTER_MS, transferIn } from '../../server/points/game-transfers';
import { useAppInChromium } from '../support/app-in-chromium';
import { GameTransferPage } from '../support/pages/game-transfer-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

describe.runIf(e2e.run)('game transfers in Chromium', () => {
  it("lists a transfer left pending by a lost answer, and the member's agent repairs it: reversed, the points back", async () => {
    const member = await e2e.gw.accountId('mb01010202002');
    const before = await e2e.gw.db.one<{ balance: string }>(sql`SELECT balance::text FROM accounts WHERE id = ${member}`);
    // The platform never saw it; made long enough ago that the repair may settle it now.
    const lost = [{ call: 'transferIn' as const, when: 'before' as const }];
    await transferIn(e2e.gw.db, (db) => withFaults(simulatorPlatform(db), lost), {
      siteId: 'demo',
      memberId: member,
      amount: 2_500,
      transferId: 'E2E-LOST-1',
      now: new Date(Date.now() - REPAIR_AFTER_MS - 5_000),
    });

    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010202');
    await shell.runCommand('go.gameTransfer');
    await shell.screen('gameTransfer').waitFor();
    const transfers = new GameTransferPage(shell.page);
    await transfers.row('E2E-LOST-1').waitFor();
    expect(await transfers.stateOf('E2E-LOST-1')).toBe('pending');

    await transfers.repairButton('E2E-LOST-1').click();
    await shell.confirm();
    await shell
      .toast(
        text('transfers.repaired.reversed', { id: 'E2E-LOST-1', loginId: 'mb01010202002', amount: '25.00', type: text('log.type.in') }),
      )
      .waitFor();
    // The pending view empties; every state shows the transfer reversed.
    await expect.poll(() => transfers.row('E2E-LOST-1').count()).toBe(0);
    await transfers.stateFilter().selectOption('');
    await expect.poll(() => transfers.stateOf('E2E-LOST-1')).toBe('reversed');
    const after = await e2e.gw.db.one<{ balance: string }>(sql`SELECT balance::text FROM accounts WHERE id = ${member}`);
    expect(after!.balance).toBe(before!.balance);

    // The member's game log shows the session, finished, with nothing in or out (the in was reversed).
    await shell.goTo('gameLog', `?account=${member}&name=mb01010202002`);
    const session = shell.page.locator('[data-testid="game-log-row"][data-session-id="E2E-LOST-1"]');
    await session.waitFor();
    expect(await session.textContent()).toContain(text('gameLog.finished'));
    expect(await shell.page.getByTestId('game-log-total').getAttribute('data-total')).toBe('1');
    await shell.close();
  });
});
