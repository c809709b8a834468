import type { Language } from '../../contract/common.contract';
import type { Cell } from '../../shared/table-cells';
import { betScope } from '../games/bet-scope';
import { betPages, betTotals, type BetFilters, type BetScope } from '../games/bet.repository';
import type { ExportSource } from './export-source';
import { exportText } from '../files/export-text';

const EXPORT_PAGE = 250;

const amount = (value: string): Cell => ({ number: value });

/** The game's name in the exporting language, or the platform's own when the catalogue has none. */
function gameName(language: Language, bet: { gameCode: string; gameName: string }) {
  const key = `games.name.${bet.gameCode}`;
  const text = exportText(language, key);
  return text === key ? bet.gameName : text;
}

/** bet.query's rows for the export's filters; the line (the rights check) is decided when the export starts. */
export const betExport: ExportSource = {
  title: 'route.videoOrder',
  columns: [
    'bets.column.orderId',
    'bets.column.loginId',
    'bets.column.betTime',
    'bets.column.settleTime',
    'bets.column.game',
    'bets.column.gameId',
    'bets.column.round',
    'bets.column.playType',
    'bets.column.betCode',
    'bets.column.bet',
    'bets.column.validBet',
    'bets.column.settle',
    'bets.column.winLoss',
    'bets.column.status',
    'bets.column.jackpotRake',
    'bets.column.jackpotWon',
    'bets.column.redPacket',
    'bets.column.transactionId',
  ],
  async prepare(ctx, input) {
    const filters = input as BetFilters;
    const scope = await betScope(ctx, filters.userId);
    const { total } = await betTotals(ctx.db, scope, filters);
    return { total, snapshot: { ...scope } };
  },
  async *pages(db, _owner, { filters, snapshot, language }) {
    for await (const page of betPages(db, snapshot as unknown as BetScope, filters as BetFilters, EXPORT_PAGE)) {
      yield page.map((bet) => [
        bet.orderId,
        bet.loginId,
        { time: bet.betTime },
        bet.settleTime === null ? '' : { time: bet.settleTime },
        gameName(language, bet),
        bet.gameId,
        bet.round,
        bet.playType,
        bet.betCode,
        amount(bet.bet),
        amount(bet.validBet),
        amount(bet.settle),
        amount(bet.winLoss),
        exportText(language, `bets.status.${bet.status}`),
        amount(bet.jackpotRake),
        amount(bet.jackpotWon),
        amount(bet.redPacket),
        bet.transactionId,
      ]);
    }
  },
};
