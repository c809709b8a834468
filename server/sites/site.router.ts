import { siteMethods } from '../../contract/site.contract';
import { sql } from '../kernel/db/sql';
import type { Queryable } from '../kernel/db/database';
import { beijingText } from '../../contract/beijing-time.contract';
import packageJson from '../../package.json' with { type: 'json' };
import { regionName } from '../geo/ip-region';
import { defineRouter } from '../kernel/handler';
import { inMaintenance } from '../kernel/site.repository';

/** Every site has one: its default currency (the command line and the demo set one); CNY for a site without any. */
async function siteCurrency(db: Queryable, siteId: string): Promise<{ currency: string }> {
  const row = await db.one<{ code: string }>(
    sql`SELECT code FROM site_currencies WHERE site_id = ${siteId} ORDER BY is_default DESC, code LIMIT 1`,
  );
  return { currency: row?.code.trim() ?? 'CNY' };
}

export function siteRouter(databaseKind: 'pglite' | 'postgres') {
  return defineRouter(siteMethods, {
    'gw.credit.sn.template.get': async (ctx) => ({
      ...(await siteCurrency(ctx.db, ctx.site.id)),
      ui: ctx.site.ui,
      isBlock: ctx.site.ipBlocked,
      fromIp: ctx.ip,
      location: regionName(ctx.ip, ctx.country, ctx.language),
      title: ctx.site.title,
      sn: ctx.site.id,
      login: ctx.site.loginStyle,
      logo: ctx.site.logo,
      idleTimeout: ctx.site.idleTimeoutSeconds,
      captcha: ctx.settings.captcha && ctx.site.captchaRequired,
    }),
    'sn.agent.maintain': async (ctx) => ({
      flag: inMaintenance(ctx.site, ctx.now) ? 1 : 0,
      startTime: ctx.site.maintenanceStart?.toISOString() ?? null,
      endTime: ctx.site.maintenanceEnd?.toISOString() ?? null,
      beijing: { startTime: beijingText(ctx.site.maintenanceStart), endTime: beijingText(ctx.site.maintenanceEnd) },
      exempt: ctx.maintenanceExempt,
    }),
    'host.info': async (ctx) => ({
      host: ctx.host,
      sn: ctx.site.id,
      title: ctx.site.title,
      ip: ctx.ip,
      location: regionName(ctx.ip, ctx.country, ctx.language),
      countryCode: ctx.country,
    }),
    'node.version': async () => ({ version: packageJson.version, node: process.version, database: databaseKind }),
  });
}
