import type { PlatformStatement } from '../platform/game-platform';

/**
 * A platform's statement against our records (docs/operations.md, "Reconciliation"): every
 * difference in one of four classes.
 *
 * - `missing`: on one side only (a member's bets at a game, a transfer id), or fewer of our bets
 *   than the platform counts.
 * - `duplicate`: held more times on one side: more of our bets than the platform counts, or a
 *   transfer id the platform lists more than once.
 * - `mismatched`: on both sides, with other amounts (bet, valid bet, win/loss; a transfer's
 *   member, type or amount), or a transfer we hold as never applied (reversed, failed) that the
 *   platform applied; a member's balance at the platform moved otherwise than our records say, when
 *   nothing else of the member differs (else that difference explains it).
 * - `late`: the same on both sides, but ours arrived late: a bet stored more than the lag
 *   allowed after its time, a transfer still pending longer than it.
 */

export type DifferenceClass = 'missing' | 'late' | 'mismatched' | 'duplicate';
export type DifferenceSubject = 'bets' | 'transfer' | 'wallet';

/** Our bets of a member at a game in the window; `late`: how many were stored later than the lag allows. */
export interface OurBets {
  memberId: string;
  gameCode: string;
  count: number;
  bet: bigint;
  validBet: bigint;
  winLoss: bigint;
  late: number;
}

/** Our record of a transfer id: `pending` until the platform's answer settles it; `reversed` / `failed`: never applied there. */
export interface OurTransfer {
  transferId: string;
  memberId: string;
  type: 'in' | 'out';
  amount: bigint;
  state: 'pending' | 'done' | 'reversed' | 'failed';
  at: Date;
}

export interface OurRecords {
  bets: OurBets[];
  transfers: OurTransfer[];
  /** Per member: what our records moved its balance at the platform by in the window (transfers done, stakes, payouts). */
  movements: Map<string, bigint>;
}

export interface Difference {
  class: DifferenceClass;
  subject: DifferenceSubject;
  /** What it is about: "member/game" for bets, the transfer id, the member for a wallet. */
  ref: string;
  memberId: string | null;
  /** The rows on each side as read (null: none there), amounts as decimal text. */
  platformRow: Record<string, unknown> | null;
  ourRow: Record<string, unknown> | null;
}

/** Amounts as text (jsonb keeps no bigint), times as ISO. */
function rowOf(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === 'bigint' ? String(value) : value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

function betsClass(platform: PlatformStatement['bets'][number] | undefined, ours: OurBets | undefined): DifferenceClass | null {
  if (!platform || !ours) return 'missing';
  if (ours.count < platform.count) return 'missing';
  if (ours.count > platform.count) return 'duplicate';
  if (ours.bet !== platform.bet || ours.validBet !== platform.validBet || ours.winLoss !== platform.winLoss) return 'mismatched';
  return ours.late > 0 ? 'late' : null;
}

function compareBets(statement: PlatformStatement, ours: OurBets[]): Difference[] {
  const key = (row: { memberId: string; gameCode: string }) => `${row.memberId}/${row.gameCode}`;
  const theirs = new Map(statement.bets.map((row) => [key(row), row]));
  const mine = new Map(ours.map((row) => [key(row), row]));
  const differences: Difference[] = [];
  for (const ref of [...new Set([...theirs.keys(), ...mine.keys()])].sort()) {
    const platform = theirs.get(ref);
    const our = mine.get(ref);
    const found = betsClass(platform, our);
    if (!found) continue;
    differences.push({
      class: found,
      subject: 'bets',
      ref,
      memberId: (platform ?? our)!.memberId,
      platformRow: platform ? rowOf(platform) : null,
      ourRow: our ? rowOf(our) : null,
    });
  }
  return differences;
}

function transferClass(listed: PlatformStatement['transfers'], ours: OurTransfer | undefined, lateBefore: Date): DifferenceClass | null {
  const [platform] = listed;
  if (listed.length > 1) return 'duplicate';
  if (ours?.state === 'pending') return ours.at < lateBefore ? 'late' : null;
  const applied = ours?.state === 'done';
  if (!platform) return applied ? 'missing' : null;
  if (!ours) return 'missing';
  if (!applied) return 'mismatched';
  const same = ours.memberId === platform.memberId && ours.type === platform.type && ours.amount === platform.amount;
  return same ? null : 'mismatched';
}

function compareTransfers(statement: PlatformStatement, ours: OurTransfer[], lateBefore: Date): Difference[] {
  const theirs = new Map<string, PlatformStatement['transfers']>();
  for (const row of statement.transfers) theirs.set(row.transferId, [...(theirs.get(row.transferId) ?? []), row]);
  const mine = new Map(ours.map((row) => [row.transferId, row]));
  const differences: Difference[] = [];
  for (const ref of [...new Set([...theirs.keys(), ...mine.keys()])].sort()) {
    const listed = theirs.get(ref) ?? [];
    const our = mine.get(ref);
    const found = transferClass(listed, our, lateBefore);
    if (!found) continue;
    differences.push({
      class: found,
      subject: 'transfer',
      ref,
      memberId: (listed[0] ?? our)!.memberId,
      platformRow: listed.length > 0 ? rowOf({ ...listed[0]!, times: listed.length }) : null,
      ourRow: our ? rowOf(our) : null,
    });
  }
  return differences;
}

/** A member's balance at the platform against our movements, for the members nothing else differs of. */
function compareWallets(statement: PlatformStatement, movements: Map<string, bigint>, explained: Set<string>): Difference[] {
  const differences: Difference[] = [];
  const wallets = new Map(statement.wallets.map((row) => [row.memberId, row]));
  for (const memberId of [...new Set([...wallets.keys(), ...movements.keys()])].sort()) {
    if (explained.has(memberId)) continue;
    const wallet = wallets.get(memberId);
    const moved = wallet ? wallet.closing - wallet.opening : 0n;
    const ours = movements.get(memberId) ?? 0n;
    if (moved === ours) continue;
    differences.push({
      class: 'mismatched',
      subject: 'wallet',
      ref: memberId,
      memberId,
      platformRow: wallet ? rowOf({ ...wallet, moved }) : null,
      ourRow: rowOf({ memberId, moved: ours }),
    });
  }
  return differences;
}

/** Every difference of the statement with our records; `lateBefore`: a transfer pending since before it is late. */
export function compareStatement(statement: PlatformStatement, ours: OurRecords, lateBefore: Date): Difference[] {
  const differences = [...compareBets(statement, ours.bets), ...compareTransfers(statement, ours.transfers, lateBefore)];
  // A member's balance is explained by another of its differences, or by a transfer still in flight.
  const explained = new Set([
    ...differences.map((difference) => difference.memberId).filter((id): id is string => id !== null),
    ...ours.transfers.filter((transfer) => transfer.state === 'pending').map((transfer) => transfer.memberId),
  ]);
  return [...differences, ...compareWallets(statement, ours.movements, explained)];
}
