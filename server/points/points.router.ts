import { pointsMethods } from '../../contract/points.contract';
import { defineRouter, type HandlerMap } from '../kernel/handler';
import { pointsHandlers } from './points.handlers';

/** The points namespace: score up and down, the score log (its export a job of the jobs layer, given by the gateway). */
export const pointsRouter = (jobs: HandlerMap<'gw.credit.score.log.export'>) => defineRouter(pointsMethods, { ...pointsHandlers, ...jobs });
