import { beijingText } from '../../contract/beijing-time.contract';
import packageJson from '../../package.json' with { type: 'json' };
import { regionName } from '../geo/ip-region';
import { defineHandlers } from '../rpc/handler';
import { inMaintenance } from './site.repository';

export function siteHandlers(databaseKind: 'pglite' | 'postgres') {
  return defineHandlers({
    'gw.credit.sn.template.get': async (ctx) => ({
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
