import { z } from 'zod';
import { defineMethod } from './method.contract';

const domainParam = { domain: z.string().max(255).optional() };

export const siteMethods = {
  'gw.credit.sn.template.get': defineMethod({
    summary: "The site's theme and whether the visitor's IP is blocked",
    params: z.object(domainParam),
    result: z.object({
      ui: z.enum(['black', 'red']),
      isBlock: z.boolean(),
      fromIp: z.string(),
      location: z.string(),
      title: z.string(),
      sn: z.string(),
      /** The login screen's style: 'default', or 'old' (/oldLogin's layout, then also at /login). */
      login: z.string(),
      logo: z.string(),
      /** Seconds of inactivity after which sessions end (the web app returns to login then). */
      idleTimeout: z.number().int().positive(),
      /** Whether sign-in asks for a captcha here: the site's setting, unless this gateway runs with CAPTCHA=off. */
      captcha: z.boolean(),
      /** The site's currency (ISO 4217): its default one of gw.credit.currency.list. */
      currency: z.string().regex(/^[A-Z]{3}$/),
    }),
    auth: 'public',
    effect: 'read',
    openWhileClosed: true,
    errors: [],
  }),
  'sn.agent.maintain': defineMethod({
    summary:
      "The site's maintenance window: flag 1 while it is on (times in UTC, and as Beijing wall time), and whether the caller's session is exempt from it",
    params: z.object(domainParam),
    result: z.object({
      flag: z.union([z.literal(0), z.literal(1)]),
      startTime: z.string().nullable(),
      endTime: z.string().nullable(),
      beijing: z.object({ startTime: z.string().nullable(), endTime: z.string().nullable() }),
      /** The opsId sent is a company main account's: the window does not shut it out. */
      exempt: z.boolean(),
    }),
    auth: 'public',
    effect: 'read',
    openWhileClosed: true,
    errors: [],
  }),
  'host.info': defineMethod({
    summary: 'Which site answers this host, and the caller as the gateway sees it',
    params: z.object({}),
    result: z.object({
      host: z.string(),
      sn: z.string(),
      title: z.string(),
      ip: z.string(),
      location: z.string(),
      countryCode: z.string().nullable(),
    }),
    auth: 'public',
    effect: 'read',
    openWhileClosed: true,
    errors: [],
  }),
  'node.version': defineMethod({
    summary: 'Version of the gateway and of the runtime under it',
    params: z.object({}),
    result: z.object({ version: z.string(), node: z.string(), database: z.enum(['pglite', 'postgres']) }),
    // Versions help an attacker pick an exploit: only a signed-in user learns them.
    auth: 'session',
    effect: 'read',
    openWhileClosed: true,
    errors: [],
  }),
};
