import { betDetailMethods } from '../../contract/bet-detail.contract';
import { defineRouter } from '../kernel/handler';
import { betHandlers } from './bet.handlers';

/** The bet detail namespace: one bet with its round, line, session and revisions. */
export const betDetailRouter = defineRouter(betDetailMethods, { 'gw.credit.bet.detail': betHandlers['gw.credit.bet.detail'] });
