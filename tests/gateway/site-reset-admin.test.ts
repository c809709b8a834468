import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { sitePlatforms } from '../../server/games/site-platforms';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { runSiteCommand } from '../../server/sites/site-command';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// `npm run site -- reset-admin <site>` in this process, on the gateway's database: the company's
// new one-time pair, printed once, and what its first sign-in must then do.
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
});
afterAll(async () => {
  await gw.close();
});

async function site(...args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runSiteCommand(args, {
    open: async () => ({ db: gw.db, close: async () => undefined }),
    out: (text) => lines.push(text),
    err: (text) => lines.push(text),
    now: () => gw.clock.now(),
    platformFor: sitePlatforms({ embedded: simulatorPlatform, now: () => gw.clock.now() }),
  });
  return { code, output: lines.join('\n') };
}

describe('npm run site -- reset-admin', () => {
  it('gives the company a new one-time pair, ends its sessions, records it; the first sign-in must change both', async () => {
    const before = await gw.sessionFor('admin');
    const reset = await site('reset-admin', 'demo');
    expect(reset.code, reset.output).toBe(0);
    const password = /password:\s+(\S+)/.exec(reset.output)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(reset.output).toMatch(/safe code:\s+0000/);
    expect((await gw.call('gw.credit.agent.level', { opsId: before })).error?.code).toBe(ErrorCode.authFailed);
    expect((await gw.login('admin', { password: 'Admin123', safeCode: '1234' })).error?.code).toBe(ErrorCode.wrongCredentials);

    const first = await gw.login('admin', { password, safeCode: '0000' });
    expect(first.result).toMatchObject({ firstLogin: '1' });
    const opsId = (first.result as { sessionId: string }).sessionId;
    const change = (newPassword: string, safeCode: string) =>
      gw.call('gw.credit.user.password.force.update', { opsId, newPassword, confirmPassword: newPassword, safeCode });
    expect((await change(password, '4321')).error).toMatchObject({ code: 20011, data: { field: 'newPassword', rule: 'same-as-before' } });
    expect((await change('Admin2027x', '0000')).error).toMatchObject({ code: 20011, data: { field: 'safeCode', rule: 'same-as-before' } });
    expect((await change('Admin2027x', '4321')).result).toEqual({});
    expect((await gw.login('admin', { password: 'Admin2027x', safeCode: '4321' })).result).toMatchObject({ firstLogin: '0' });

    const record = await gw.db.one<{ method: string; operator_login: string; summary: string }>(
      sql`SELECT method, operator_login, summary FROM operation_log WHERE site_id = 'demo' AND method LIKE 'system.%' ORDER BY id DESC LIMIT 1`,
    );
    expect(record).toMatchObject({ method: 'system.site.reset_admin', operator_login: 'system' });
    expect(JSON.stringify(record)).not.toContain(password);
    expect((await site('reset-admin', 'nosuch')).code).toBe(2);
  });
});
