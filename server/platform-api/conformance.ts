import { randomBytes, randomInt } from 'node:crypto';
import { AccountStatus } from '../../contract/account-levels.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { platformCalls, platformRefusalSchema, platformRefusalStatus, type PlatformCallName } from '../../contract/platform-api.contract';
import { PlatformRefusal, PlatformSilent, type FeedItem, type GamePlatform } from '../platform/game-platform';
import { httpPlatform } from '../platform/http-platform';
import { signRequest } from '../platform/request-signature';

/**
 * The platform API's promises (docs/platform-api.md "Conformance"), checked against a running
 * platform over HTTP, as a vendor or CI runs them (`npm run platform:check`). Each promise is
 * one check with an outcome; none depends on another passing. The checks move points for a
 * member of their own (a random id the back office never gives out, on a site of their own
 * unless one is named) and move out what they moved in, so the platform's books stay consistent.
 */

export interface ConformanceOptions {
  /** The platform's base URL (each call's path is appended). */
  url: string;
  keyId: string;
  secret: string;
  /** The site the checks use: its closed games and game notices are replaced (then emptied). Default: conformance-<random>. */
  siteId?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
}

export interface PromiseOutcome {
  promise: string;
  ok: boolean;
  /** Not checked (it needs an option not given): neither a pass nor a failure. */
  skipped?: boolean;
  /** Why it failed, or what was seen. */
  detail: string;
}

/** A check's verdict: thrown as a failure with its reason. */
class Broken extends Error {}

function expect(condition: boolean, reason: string): asserts condition {
  if (!condition) throw new Broken(reason);
}

/** What an unexpected error says, without a stack: a refusal's code, a silence, or the message. */
function describe(error: unknown): string {
  if (error instanceof Broken) return error.message;
  if (error instanceof PlatformRefusal) return `refused with ${error.code}`;
  if (error instanceof PlatformSilent) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** A feed item as text, to compare two reads of it. */
const feedKey = (item: FeedItem) => JSON.stringify(item, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));

/** 17 random digits after a 9: an id of 18 digits, far above any the back office hands out. */
const randomMemberId = () => `9${Array.from({ length: 17 }, () => randomInt(10)).join('')}`;

/** What every check reads: the platform under check, the check's site and member, and a signed POST of its own. */
interface CheckContext {
  run: string;
  siteId: string;
  memberId: string;
  member: { siteId: string; memberId: string };
  platform: GamePlatform;
  now: () => Date;
  options: ConformanceOptions;
  balance: () => Promise<bigint>;
  nextTransferId: () => string;
  signedPost: (
    call: PlatformCallName,
    body: unknown,
    sign?: { secret?: string; nonce?: string },
  ) => Promise<{ status: number; code: number | null }>;
}

const signatureRefused = (answer: { status: number; code: number | null }) =>
  answer.status === platformRefusalStatus.signature && answer.code === ErrorCode.thirdPartySignature;

/** The run's context: a random site (unless one is named) and member, the HTTP adapter, and transfer ids of the run. */
function checkContext(options: ConformanceOptions): CheckContext {
  const run = randomBytes(4).toString('hex');
  const siteId = options.siteId ?? `conformance-${run}`;
  const memberId = randomMemberId();
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const platform: GamePlatform = httpPlatform({
    baseUrl: options.url,
    keyId: options.keyId,
    secret: options.secret,
    // The adapter's own transport, as the back office calls the platform, unless a test gives a fetch.
    fetch: options.fetch,
    now,
    timeoutMs,
  });
  let ids = 0;
  const nextTransferId = () => `conformance-${run}-${++ids}`;
  const member = { siteId, memberId };
  const balance = () => platform.balance(member);

  /** One signed POST as the adapter sends it, with the secret, nonce and body the check chooses. */
  async function signedPost(call: PlatformCallName, body: unknown, sign: { secret?: string; nonce?: string } = {}) {
    const base = new URL(options.url);
    const url = new URL(base.pathname.replace(/\/+$/, '') + platformCalls[call].path, base.origin);
    const text = JSON.stringify(body);
    const headers = signRequest({
      keyId: options.keyId,
      secret: sign.secret ?? options.secret,
      method: 'POST',
      path: url.pathname,
      body: text,
      now: now(),
      ...(sign.nonce ? { nonce: sign.nonce } : {}),
    });
    const response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: text,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = await response.text();
    let code: number | null = null;
    try {
      const refusal = platformRefusalSchema.safeParse(JSON.parse(answer));
      if (refusal.success) code = refusal.data.code;
    } catch {
      // Not JSON: no code.
    }
    return { status: response.status, code };
  }

  return { run, siteId, memberId, member, platform, now, options, balance, nextTransferId, signedPost };
}

async function gamesListed(context: CheckContext): Promise<string> {
  const { platform } = context;
  const games = await platform.games();
  expect(games.length > 0, 'the game list is empty');
  expect(new Set(games.map((game) => game.gameCode)).size === games.length, 'a game code is listed twice');
  return `${games.length} games`;
}

async function pushesAcknowledged(context: CheckContext): Promise<string> {
  const { run, siteId, memberId, platform, now } = context;
  const games = await platform.games();
  // The check's member, disabled: a platform never lets it play, so its balance is only what the checks move.
  await platform.setAccounts({
    siteId,
    accounts: [
      {
        accountId: memberId,
        level: 5,
        path: `/${memberId}/`,
        status: AccountStatus.disabled,
        teamStatus: AccountStatus.normal,
        betStopped: false,
        betPaused: false,
        devices: { pc: true, h5: true, app: true },
        maxWin: 0n,
        exclusion: null,
        winBlocked: false,
        gameTypes: {},
      },
    ],
  });
  // Site-wide pushes replace the site's state: each is pushed, then emptied again.
  await platform.setClosedGames({ siteId, gameCodes: games.slice(0, 1).map((game) => game.gameCode) });
  await platform.setClosedGames({ siteId, gameCodes: [] });
  const start = now();
  await platform.setGameNotices({
    siteId,
    notices: [
      {
        noticeId: `conformance-${run}`,
        title: { en: 'Conformance check' },
        content: { en: 'A notice of the conformance check.' },
        gameCodes: [],
        startTime: start,
        endTime: new Date(start.getTime() + 60_000),
      },
    ],
  });
  await platform.setGameNotices({ siteId, notices: [] });
  await platform.replySuggestions({
    siteId,
    replies: [{ suggestionId: `conformance-${run}`, memberId, reply: 'A reply of the conformance check.', repliedAt: start }],
  });
  return 'each answered { ok: true }';
}

async function badSignatureRefused(context: CheckContext): Promise<string> {
  const { siteId, memberId, member, platform, now, options, balance, nextTransferId, signedPost } = context;
  // First, that the platform serves a request signed with the key given: else every refusal proves nothing.
  const served = await signedPost('balance', member);
  expect(
    served.status === 200,
    `a request signed with the key given was answered HTTP ${served.status} (code ${served.code ?? 'none'}), not served`,
  );
  const before = await balance();
  const transferId = nextTransferId();
  const body = { siteId, transferId, memberId, amount: '1000', now: now().toISOString() };
  const answer = await signedPost('transferIn', body, { secret: `${options.secret}-not-the-secret` });
  expect(signatureRefused(answer), `answered HTTP ${answer.status} with code ${answer.code ?? 'none'}, not 401 with 37100`);
  expect((await platform.queryTransfer({ siteId, transferId })) === null, 'the refused transfer id has a record');
  expect((await balance()) === before, 'the balance moved');
  return 'HTTP 401, code 37100, no record, balance unchanged';
}

async function otherSiteRefused(context: CheckContext): Promise<string> {
  const { run, siteId, memberId, member, now, balance, nextTransferId, signedPost } = context;
  const served = await signedPost('balance', member);
  expect(served.status === 200, `a balance read of the key's site ${siteId} answered HTTP ${served.status}, not served`);
  const before = await balance();
  const other = `x${run}-${siteId}`.slice(0, 32);
  const seen: string[] = [];
  const at = now().toISOString();
  for (const [call, body] of [
    ['balance', { siteId: other, memberId }],
    ['transferIn', { siteId: other, transferId: nextTransferId(), memberId, amount: '1000', now: at }],
  ] as const) {
    const answer = await signedPost(call, body);
    expect(
      signatureRefused(answer),
      `${call} naming site ${other} with the key of ${siteId} answered HTTP ${answer.status} with code ${answer.code ?? 'none'}, not 401 with 37100`,
    );
    seen.push(`${call}: HTTP ${answer.status} ${answer.code}`);
  }
  expect((await balance()) === before, "the balance of the key's site moved");
  return `site ${other}: ${seen.join(', ')}`;
}

async function replayRefused(context: CheckContext): Promise<string> {
  const { siteId, nextTransferId, signedPost } = context;
  const nonce = `conformance${randomBytes(12).toString('hex')}`;
  const body = { siteId, transferId: nextTransferId() };
  const first = await signedPost('queryTransfer', body, { nonce });
  expect(first.status === 200, `the first request answered HTTP ${first.status} (code ${first.code ?? 'none'})`);
  const again = await signedPost('queryTransfer', body, { nonce });
  expect(signatureRefused(again), `the replay answered HTTP ${again.status} with code ${again.code ?? 'none'}, not 401 with 37100`);
  return 'first served, replay HTTP 401 with 37100';
}

async function unknownTransferNull(context: CheckContext): Promise<string> {
  const { siteId, platform, nextTransferId } = context;
  const record = await platform.queryTransfer({ siteId, transferId: nextTransferId() });
  expect(
    record === null,
    `answered ${JSON.stringify(record, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}`,
  );
  return 'null';
}

async function repeatedTransferOnce(context: CheckContext): Promise<string> {
  const { siteId, member, platform, now, balance, nextTransferId } = context;
  const before = await balance();
  const transferIn = { ...member, transferId: nextTransferId(), amount: 10_000n, now: now() };
  const first = await platform.transferIn(transferIn);
  expect(first.balance === before + 10_000n, `the first transfer in answered ${first.balance}, not ${before + 10_000n}`);
  const repeat = await platform.transferIn(transferIn);
  expect(repeat.balance === first.balance, `the repeated transfer in answered ${repeat.balance}, not ${first.balance}`);
  const record = await platform.queryTransfer({ siteId, transferId: transferIn.transferId });
  expect(record?.state === 'applied' && record.type === 'in' && record.amount === 10_000n, 'its record is not "applied, in, 10000"');
  const transferOut = { ...member, transferId: nextTransferId(), amount: 3_000n, now: now() };
  const out = await platform.transferOut(transferOut);
  const outAgain = await platform.transferOut(transferOut);
  expect(out.balance === first.balance - 3_000n, `the transfer out answered ${out.balance}, not ${first.balance - 3_000n}`);
  expect(outAgain.balance === out.balance, `the repeated transfer out answered ${outAgain.balance}, not ${out.balance}`);
  expect((await balance()) === out.balance, 'the balance read differs from the answers');
  return `balance ${before} -> ${first.balance} (twice) -> ${out.balance} (twice)`;
}

async function reusedTransferIdRefused(context: CheckContext): Promise<string> {
  const { siteId, member, platform, now, balance, nextTransferId, signedPost } = context;
  const transferId = nextTransferId();
  const first = await platform.transferIn({ ...member, transferId, amount: 2_000n, now: now() });
  const seen: string[] = [];
  for (const call of ['transferIn', 'transferOut'] as const) {
    const amount = call === 'transferIn' ? '5000' : '1000';
    const answer = await signedPost(call, { ...member, transferId, amount, now: now().toISOString() });
    expect(
      answer.status === platformRefusalStatus.refused && answer.code === ErrorCode.thirdPartyEmptyResult,
      `${call} with the id of a transfer in of 2000 and amount ${amount} answered HTTP ${answer.status} with code ${answer.code ?? 'none'}, not 409 with 37101`,
    );
    seen.push(`${call} ${amount}: HTTP ${answer.status} ${answer.code}`);
  }
  const record = await platform.queryTransfer({ siteId, transferId });
  expect(record?.state === 'applied' && record.amount === 2_000n, 'its record is no longer "applied, 2000"');
  expect((await balance()) === first.balance, 'the balance moved');
  return `${seen.join(', ')}; balance ${first.balance} unchanged`;
}

async function unseenSettleVoids(context: CheckContext): Promise<string> {
  const { member, platform, now, balance, nextTransferId } = context;
  const before = await balance();
  const call = { ...member, transferId: nextTransferId(), amount: 5_000n, now: now() };
  const settled = await platform.settleTransfer({ ...call, type: 'in' });
  expect(settled.state === 'void', `the settle answered state ${settled.state}, not void`);
  let refusal: number | null = null;
  try {
    await platform.transferIn(call);
  } catch (error) {
    if (!(error instanceof PlatformRefusal)) throw error;
    refusal = error.code;
  }
  expect(refusal !== null, 'the late transfer in with the voided id was applied');
  expect((await balance()) === before, 'the balance moved');
  expect((await platform.queryTransfer(call))?.state === 'void', 'the record is no longer void');
  return `void; the late transfer refused with ${refusal}`;
}

async function feedCursorExact(context: CheckContext): Promise<string> {
  const { platform } = context;
  const whole = await platform.readFeed({ after: '0', limit: 500 });
  const paged: FeedItem[] = [];
  let after = '0';
  while (paged.length < whole.length) {
    const page = await platform.readFeed({ after, limit: 7 });
    if (page.length === 0) break;
    expect(
      page.every((item) => BigInt(item.seq) > BigInt(after)),
      `a page read after ${after} holds an item at or before it`,
    );
    paged.push(...page);
    after = page.at(-1)!.seq;
  }
  const seqs = whole.map((item) => BigInt(item.seq));
  expect(
    seqs.every((seq, index) => index === 0 || seq > seqs[index - 1]!),
    'one read answers items out of order or twice',
  );
  const mismatch = whole.findIndex((item, index) => !paged[index] || feedKey(paged[index]) !== feedKey(item));
  expect(mismatch < 0, `item ${mismatch + 1} differs between one read and pages of 7`);
  return whole.length === 0 ? 'the feed is empty: nothing to compare yet' : `${whole.length} items, one read = pages of 7`;
}

async function balanceLeftAtZero(context: CheckContext): Promise<string> {
  const { member, platform, now, balance, nextTransferId } = context;
  const left = await balance();
  if (left > 0n) await platform.transferOut({ ...member, transferId: nextTransferId(), amount: left, now: now() });
  const after = await balance();
  expect(after === 0n, `the member's balance is ${after}`);
  return left > 0n ? `moved ${left} out` : 'nothing to move out';
}

async function siteFeedExact(context: CheckContext): Promise<string> {
  const { siteId, platform } = context;
  const whole = await platform.readFeed({ after: '0', limit: 500 });
  // A site with items on the feed if there is one (the check's own site has none: its member never plays).
  const feedSite = whole[0]?.siteId ?? siteId;
  const sites = [...new Set([feedSite, siteId])];
  const details: string[] = [];
  for (const site of sites) {
    const ofSite = await platform.readFeed({ after: '0', limit: 500, siteId: site });
    const stranger = ofSite.find((item) => item.siteId !== site);
    expect(!stranger, `the feed read for site ${site} holds an item of site ${stranger?.siteId} (seq ${stranger?.seq})`);
    const paged: FeedItem[] = [];
    let after = '0';
    while (paged.length < ofSite.length) {
      const page = await platform.readFeed({ after, limit: 7, siteId: site });
      if (page.length === 0) break;
      const before = BigInt(after);
      expect(
        page.every((item) => item.siteId === site && BigInt(item.seq) > before),
        `a page of site ${site} read after ${after} holds another site's item or one at or before its cursor`,
      );
      paged.push(...page);
      after = page.at(-1)!.seq;
    }
    const seqs = ofSite.map((item) => BigInt(item.seq));
    expect(
      seqs.every((seq, index) => index === 0 || seq > seqs[index - 1]!),
      `one read of site ${site} answers items out of order or twice`,
    );
    const mismatch = ofSite.findIndex((item, index) => !paged[index] || feedKey(paged[index]) !== feedKey(item));
    expect(mismatch < 0, `item ${mismatch + 1} of site ${site} differs between one read and pages of 7`);
    // Nothing of the site skipped: up to where the unfiltered read ends, its items of the site are the site's read.
    const end = BigInt(whole.at(-1)?.seq ?? '0');
    const expected = whole.filter((item) => item.siteId === site).map(feedKey);
    const read = ofSite.filter((item) => BigInt(item.seq) <= end).map(feedKey);
    const skipped = expected.findIndex((item, index) => read[index] !== item);
    expect(
      skipped < 0 && read.length === expected.length,
      `the feed read for site ${site} differs from that site's items in the whole feed (at item ${skipped < 0 ? expected.length + 1 : skipped + 1})`,
    );
    details.push(`site ${site}: ${ofSite.length} items`);
  }
  const others = new Set(whole.map((item) => item.siteId));
  others.delete(feedSite);
  return `${details.join('; ')}; one read = pages of 7 = the site's items in the whole feed, ${others.size} other sites there`;
}

async function statementListsTransfers(context: CheckContext): Promise<string> {
  const { siteId, member, memberId, platform, now, balance, nextTransferId, signedPost } = context;
  const start = now();
  const from = new Date(start.getTime() - 60_000);
  const moved = [
    { ...member, transferId: nextTransferId(), amount: 1_500n, now: now(), type: 'in' as const },
    { ...member, transferId: nextTransferId(), amount: 1_500n, now: now(), type: 'out' as const },
  ];
  await platform.transferIn(moved[0]!);
  await platform.transferOut(moved[1]!);
  const closing = await balance();
  const to = new Date(now().getTime() + 1_000);
  const statement = await platform.statement({ siteId, from, to });
  expect(statement.siteId === siteId, `the statement is of site ${statement.siteId}`);
  for (const transfer of moved) {
    const listed = statement.transfers.filter((row) => row.transferId === transfer.transferId);
    expect(listed.length === 1, `transfer ${transfer.transferId} is listed ${listed.length} times, not once`);
    const [row] = listed;
    expect(
      row!.memberId === memberId && row!.type === transfer.type && row!.amount === transfer.amount,
      `transfer ${transfer.transferId} is listed as ${row!.type} of ${row!.amount} for ${row!.memberId}`,
    );
  }
  const wallet = statement.wallets.find((row) => row.memberId === memberId);
  expect(wallet !== undefined, "the check's member has no wallet row");
  expect(wallet.closing === closing, `its closing balance is ${wallet.closing}, its balance ${closing}`);
  const tooLong = await signedPost('statement', {
    siteId,
    from: new Date(to.getTime() - 25 * 60 * 60_000).toISOString(),
    to: to.toISOString(),
  });
  expect(
    tooLong.status === platformRefusalStatus.badRequest && tooLong.code === ErrorCode.invalidParams,
    `a window of 25 hours answered HTTP ${tooLong.status} with code ${tooLong.code ?? 'none'}, not 400 with 100`,
  );
  return `${statement.transfers.length} transfers, ${statement.bets.length} groups of bets, ${statement.wallets.length} wallets; a 25-hour window refused (400, 100)`;
}

/** The promises, checked in this order (a later one may rely on what an earlier left: the member's balance). */
const checks: { promise: string; check: (context: CheckContext) => Promise<string>; needsSite?: boolean }[] = [
  { promise: 'the game list answers', check: gamesListed },
  { promise: 'pushes are acknowledged (accounts, closed games, game notices, suggestion replies)', check: pushesAcknowledged },
  { promise: 'a bad signature is refused (37100) and changes nothing', check: badSignatureRefused },
  {
    promise: 'a key serves its own site only: a request naming another site is refused (37100) and moves nothing',
    check: otherSiteRefused,
    needsSite: true,
  },
  { promise: 'a replayed nonce is refused (37100)', check: replayRefused },
  { promise: 'the record of an unknown transfer id is "never seen" (null)', check: unknownTransferNull },
  { promise: 'a repeated transfer id is applied once (in and out)', check: repeatedTransferOnce },
  {
    promise: 'a transfer id reused with another amount is refused (409, 37101) and moves nothing (in and out)',
    check: reusedTransferIdRefused,
  },
  { promise: 'settling an unseen transfer id voids it, and a later transfer with that id is refused', check: unseenSettleVoids },
  { promise: "the feed's cursor never skips or repeats an item", check: feedCursorExact },
  {
    promise:
      'the statement lists each transfer applied in its window once, with its id, and the closing balance (a window over a day is refused)',
    check: statementListsTransfers,
  },
  { promise: "the check leaves its member's balance as it found it (0)", check: balanceLeftAtZero },
  {
    promise: "the feed read for one site (readFeed with siteId) holds only that site's items and its cursor never skips or repeats",
    check: siteFeedExact,
  },
];

/** Runs every check in order, each on its own: a failure is that promise's outcome, never the end of the run. */
export async function checkConformance(options: ConformanceOptions): Promise<PromiseOutcome[]> {
  const context = checkContext(options);
  const outcomes: PromiseOutcome[] = [];
  for (const { promise, check, needsSite } of checks) {
    if (needsSite && options.siteId === undefined) {
      outcomes.push({ promise, ok: true, skipped: true, detail: "name the key's site (--site) to check it" });
      continue;
    }
    try {
      outcomes.push({ promise, ok: true, detail: await check(context) });
    } catch (error) {
      outcomes.push({ promise, ok: false, detail: describe(error) });
    }
  }
  return outcomes;
}

/** One line per promise: "pass  <promise> (<what was seen>)", "fail  <promise>: <why>" or "skip  <promise>: <what it needs>". */
export function formatOutcome(outcome: PromiseOutcome): string {
  if (outcome.skipped) return `skip  ${outcome.promise}: ${outcome.detail}`;
  return outcome.ok ? `pass  ${outcome.promise} (${outcome.detail})` : `fail  ${outcome.promise}: ${outcome.detail}`;
}
