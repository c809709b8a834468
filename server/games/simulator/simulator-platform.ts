import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.contract';
import type { Queryable } from '../../db/database';
import { PlatformRefusal, type GamePlatform, type PlatformRecord, type TransferCall } from '../game-platform';

type DbInt = string | number | bigint;
interface RecordRow {
  state: 'applied' | 'void';
  member_id: DbInt;
  type: 'in' | 'out';
  amount: DbInt;
}

const toRecord = (row: RecordRow): PlatformRecord => ({
  state: row.state,
  memberId: String(row.member_id),
  type: row.type,
  amount: BigInt(row.amount),
});

/**
 * The simulator's books (the platform side of transfers): each member's balance there and every
 * transfer id it has seen, in tables of the same database (migration 0020). Each call is one
 * statement or one transaction, so a call applies entirely or not at all, and a transfer id is
 * applied at most once whatever is repeated.
 */
export function simulatorPlatform(db: Queryable): GamePlatform {
  async function seen(q: Queryable, siteId: string, transferId: string) {
    return q.one<RecordRow>(sql`SELECT state, member_id, type, amount FROM platform_transfers
      WHERE site_id = ${siteId} AND transfer_id = ${transferId}`);
  }

  async function balance(q: Queryable, siteId: string, memberId: string) {
    const row = await q.one<{ balance: DbInt }>(
      sql`SELECT balance FROM platform_wallets WHERE site_id = ${siteId} AND member_id = ${memberId}`,
    );
    return BigInt(row?.balance ?? 0);
  }

  /** A repeated id answers with the balance now; a voided one, or another transfer's, is refused (nothing happens). */
  async function repeated(q: Queryable, call: TransferCall, type: 'in' | 'out') {
    const record = await seen(q, call.siteId, call.transferId);
    if (!record) return null;
    if (record.state === 'void' || record.type !== type || String(record.member_id) !== call.memberId) {
      throw new PlatformRefusal(ErrorCode.thirdPartyEmptyResult);
    }
    return { balance: await balance(q, call.siteId, call.memberId) };
  }

  async function apply(call: TransferCall, type: 'in' | 'out') {
    return db.transaction(async (tx) => {
      const recorded = await tx.one(sql`INSERT INTO platform_transfers (site_id, transfer_id, member_id, type, amount, state, created_at)
        VALUES (${call.siteId}, ${call.transferId}, ${call.memberId}, ${type}, ${String(call.amount)}, 'applied', ${call.now})
        ON CONFLICT DO NOTHING RETURNING 1`);
      // An id seen before: answered as the first call was (refused when void or not the same transfer).
      if (!recorded) return (await repeated(tx, call, type))!;
      const moved = await tx.one<{ balance: DbInt }>(
        type === 'in'
          ? sql`INSERT INTO platform_wallets AS w (site_id, member_id, balance) VALUES (${call.siteId}, ${call.memberId}, ${String(call.amount)})
              ON CONFLICT (site_id, member_id) DO UPDATE SET balance = w.balance + ${String(call.amount)}::bigint RETURNING balance`
          : sql`UPDATE platform_wallets SET balance = balance - ${String(call.amount)}::bigint
               WHERE site_id = ${call.siteId} AND member_id = ${call.memberId} AND balance >= ${String(call.amount)}::bigint RETURNING balance`,
      );
      // Thrown inside the transaction: the record of the id goes too, nothing happened.
      if (!moved) throw new PlatformRefusal(ErrorCode.platformBalanceLow);
      return { balance: BigInt(moved.balance) };
    });
  }

  return {
    transferIn: (call) => apply(call, 'in'),
    transferOut: (call) => apply(call, 'out'),
    async queryTransfer(call) {
      const record = await seen(db, call.siteId, call.transferId);
      return record ? toRecord(record) : null;
    },
    async settleTransfer(call) {
      await db.run(sql`INSERT INTO platform_transfers (site_id, transfer_id, member_id, type, amount, state, created_at)
        VALUES (${call.siteId}, ${call.transferId}, ${call.memberId}, ${call.type}, ${String(call.amount)}, 'void', ${call.now})
        ON CONFLICT DO NOTHING`);
      return toRecord((await seen(db, call.siteId, call.transferId))!);
    },
    async balance(call) {
      return balance(db, call.siteId, call.memberId);
    },
    async setClosedGames(call) {
      await db.transaction(async (tx) => {
        await tx.run(sql`DELETE FROM simulator_games_closed WHERE site_id = ${call.siteId}`);
        for (const gameCode of call.gameCodes) {
          await tx.run(sql`INSERT INTO simulator_games_closed (site_id, game_code) VALUES (${call.siteId}, ${gameCode})`);
        }
      });
    },
  };
}
