import { gameMethods } from '../../contract/game.contract';
import { defineRouter, type HandlerMap } from '../kernel/handler';
import { betHandlers } from './bet.handlers';
import { gameHandlers } from './game.handlers';

const { 'gw.credit.bet.detail': _detail, ...betLists } = betHandlers;

/** The game namespace: game settings and results, the bet record (its export a job of the jobs layer, given by the gateway). */
export const gameRouter = (jobs: HandlerMap<'gw.credit.bet.export'>) =>
  defineRouter(gameMethods, { ...gameHandlers, ...betLists, ...jobs });
