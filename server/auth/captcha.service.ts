import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Queryable } from '../db/database';

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

/** A new captcha image for a site; its code is checked case-insensitively, once. */
export async function createCaptcha(db: Queryable, siteId: string, now: Date) {
  const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f4f4f5' });
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + CAPTCHA_TTL_MS);
  // Old captchas are swept as new ones are made, so the table stays small.
  await db.run(sql`DELETE FROM captchas WHERE expires_at < ${new Date(now.getTime() - CAPTCHA_TTL_MS)}`);
  await db.run(sql`INSERT INTO captchas (id, site_id, code, created_at, expires_at)
    VALUES (${id}, ${siteId}, ${captcha.text.toLowerCase()}, ${now}, ${expiresAt})`);
  return {
    captchaId: id,
    image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
    expiresAt: expiresAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a code is right for a live, unused captcha of the site, without using it up. */
export async function captchaMatches(db: Queryable, input: { siteId: string; captchaId: string; code: string; now: Date }) {
  if (!UUID.test(input.captchaId)) return false;
  const row = await db.one<{ code: string }>(sql`SELECT code FROM captchas
    WHERE id = ${input.captchaId} AND site_id = ${input.siteId} AND used_at IS NULL AND expires_at > ${input.now}`);
  return row !== undefined && row.code === input.code.trim().toLowerCase();
}

/** Sign-in uses a captcha up, right or wrong: one image, one attempt. */
export async function useCaptcha(db: Queryable, input: { siteId: string; captchaId: string; code: string; now: Date }) {
  if (!UUID.test(input.captchaId)) return false;
  const row = await db.one<{ code: string }>(sql`UPDATE captchas SET used_at = ${input.now}
    WHERE id = ${input.captchaId} AND site_id = ${input.siteId} AND used_at IS NULL AND expires_at > ${input.now}
    RETURNING code`);
  return row !== undefined && row.code === input.code.trim().toLowerCase();
}
