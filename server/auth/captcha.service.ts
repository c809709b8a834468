import { randomUUID } from 'node:crypto';
import { sql } from '../kernel/db/sql';
import svgCaptcha from 'svg-captcha';
import { ErrorCode } from '../../contract/errors.contract';
import type { Queryable } from '../kernel/db/database';
import { RpcError } from '../kernel/rpc-error';
import { captchaCounter, captchaIssueCounter, settleAttempt, sweepCounters, takeAttempt } from '../credentials/attempt-counters';

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

/**
 * A new captcha image for a site; its code is checked case-insensitively, once. An IP is given
 * at most `issueLimit` images in the sign-in window (2632 past it), so nobody fills the table
 * or spends the CPU drawing them.
 */
export async function createCaptcha(db: Queryable, input: { siteId: string; ip: string; now: Date; issueLimit: number }) {
  const { siteId, now } = input;
  const taken = await takeAttempt(db, { siteId, keys: [captchaIssueCounter(input.ip)], now, ipLimit: 0, issueLimit: input.issueLimit });
  if (!taken.ok) throw new RpcError(ErrorCode.tooFrequentAccess);
  const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f4f4f5' });
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + CAPTCHA_TTL_MS);
  // Old captchas are swept as new ones are made, so the table stays small.
  await db.run(sql`DELETE FROM captchas WHERE expires_at < ${new Date(now.getTime() - CAPTCHA_TTL_MS)}`);
  await sweepCounters(db, now);
  await db.run(sql`INSERT INTO captchas (id, site_id, code, created_at, expires_at)
    VALUES (${id}, ${siteId}, ${captcha.text.toLowerCase()}, ${now}, ${expiresAt})`);
  return {
    captchaId: id,
    image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
    expiresAt: expiresAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A captcha check: a wrong guess uses the captcha up (one image, one guess, as at sign-in) and
 * counts toward the IP's wrong guesses, which once past their limit refuse every check (2632)
 * until the window ends. A right guess leaves the captcha for the sign-in.
 */
export async function checkCaptcha(db: Queryable, input: { siteId: string; ip: string; captchaId: string; code: string; now: Date }) {
  const taken = await takeAttempt(db, { siteId: input.siteId, keys: [captchaCounter(input.ip)], now: input.now, ipLimit: 0 });
  if (!taken.ok) throw new RpcError(ErrorCode.tooFrequentAccess);
  const code = input.code.trim().toLowerCase();
  const row = UUID.test(input.captchaId)
    ? await db.one<{
        right: boolean;
      }>(sql`UPDATE captchas SET used_at = CASE WHEN code = ${code} THEN NULL ELSE ${input.now}::timestamptz END
        WHERE id = ${input.captchaId} AND site_id = ${input.siteId} AND used_at IS NULL AND expires_at > ${input.now}
        RETURNING code = ${code} AS right`)
    : undefined;
  const right = row?.right === true;
  await settleAttempt(db, taken.attempt, right ? 'release' : 'failure', input.now);
  return right;
}

/** Sign-in uses a captcha up, right or wrong: one image, one attempt. */
export async function useCaptcha(db: Queryable, input: { siteId: string; captchaId: string; code: string; now: Date }) {
  if (!UUID.test(input.captchaId)) return false;
  const row = await db.one<{ code: string }>(sql`UPDATE captchas SET used_at = ${input.now}
    WHERE id = ${input.captchaId} AND site_id = ${input.siteId} AND used_at IS NULL AND expires_at > ${input.now}
    RETURNING code`);
  return row !== undefined && row.code === input.code.trim().toLowerCase();
}
