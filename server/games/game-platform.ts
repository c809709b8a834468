import type { ErrorCodeValue } from '../../contract/errors.contract';
import type { Queryable } from '../db/database';

/**
 * The game platform as the back office sees it: a third party behind this interface. The
 * embedded default is the simulator (server/games/simulator), whose books live in tables of the
 * same database; a real platform's adapter speaks its HTTP API and ignores the `db` it is given.
 *
 * A call either answers, or refuses for certain (PlatformRefusal: nothing happened there), or
 * fails in any other way: then the outcome is unknown, and only the platform's own record of the
 * transfer id (settleTransfer) may say what happened. Nothing is ever guessed.
 */

export interface TransferCall {
  siteId: string;
  /** Ours, unique per site: the platform keeps it, so a repeated call is applied once. */
  transferId: string;
  memberId: string;
  /** Positive integer cents. */
  amount: bigint;
  now: Date;
}

export interface PlatformRecord {
  state: 'applied' | 'void';
  memberId: string;
  type: 'in' | 'out';
  amount: bigint;
}

export interface GamePlatform {
  /** Credits the member at the platform; answers its balance there after. */
  transferIn(call: TransferCall): Promise<{ balance: bigint }>;
  /** Debits the member at the platform (refused with 37112 when its balance there is lower). */
  transferOut(call: TransferCall): Promise<{ balance: bigint }>;
  /** The platform's record of a transfer id, or null when it never saw it. */
  queryTransfer(call: { siteId: string; transferId: string }): Promise<PlatformRecord | null>;
  /**
   * Settles a transfer whose answer was lost: the platform's record when it applied it, else it
   * records the id as void (a late request with it is refused), so "never applied" stays true.
   */
  settleTransfer(call: TransferCall & { type: 'in' | 'out' }): Promise<PlatformRecord>;
  /** The member's balance at the platform. */
  balance(call: { siteId: string; memberId: string }): Promise<bigint>;
  /** The games closed for the site, all of them (the rest are open): the platform takes no bet on those. */
  setClosedGames(call: { siteId: string; gameCodes: string[] }): Promise<void>;
}

/** How a gateway gets the platform for the connection (or transaction) it works in. */
export type PlatformFor = (db: Queryable) => GamePlatform;

/** The platform refused for certain: nothing was applied there. */
export class PlatformRefusal extends Error {
  constructor(readonly code: ErrorCodeValue) {
    super(`the game platform refused (${code})`);
  }
}

/** The platform's answer did not come back (timeout, connection lost): the outcome is unknown. */
export class PlatformSilent extends Error {
  constructor(what: string) {
    super(`no answer from the game platform: ${what}`);
  }
}

/**
 * Fault injection for the repair path: the next calls of the named kinds lose their answer,
 * either before the platform sees the call (`before`) or after it applied it (`after`). Each
 * fault fires once and leaves `pending` (shared by every wrapper given the same list).
 */
export type Fault = { call: 'transferIn' | 'transferOut' | 'settleTransfer' | 'setClosedGames'; when: 'before' | 'after' };

export function withFaults(platform: GamePlatform, pending: Fault[]): GamePlatform {
  const faulty =
    <A, R>(call: Fault['call'], work: (arg: A) => Promise<R>) =>
    async (arg: A): Promise<R> => {
      const index = pending.findIndex((fault) => fault.call === call);
      if (index < 0) return work(arg);
      const [fault] = pending.splice(index, 1);
      if (fault!.when === 'before') throw new PlatformSilent(`${call} lost before the platform saw it`);
      await work(arg);
      throw new PlatformSilent(`${call} applied, answer lost`);
    };
  return {
    transferIn: faulty('transferIn', (call: TransferCall) => platform.transferIn(call)),
    transferOut: faulty('transferOut', (call: TransferCall) => platform.transferOut(call)),
    settleTransfer: faulty('settleTransfer', (call: TransferCall & { type: 'in' | 'out' }) => platform.settleTransfer(call)),
    queryTransfer: (call) => platform.queryTransfer(call),
    balance: (call) => platform.balance(call),
    setClosedGames: faulty('setClosedGames', (call: { siteId: string; gameCodes: string[] }) => platform.setClosedGames(call)),
  };
}
