import { ErrorCode } from '../../contract/errors.contract';
import { RpcError } from '../rpc/rpc-error';
import type { HandlerMap } from '../rpc/handler';

// TEMPORARY during the issue-5 work: every entry moves to its real handler file before this lands.
const notYet = async (): Promise<never> => {
  throw new RpcError(ErrorCode.methodNotFound);
};

export const pendingHandlers: HandlerMap<
  | 'gw.credit.agent.profile.edit'
  | 'gw.credit.user.profile.edit'
  | 'gw.credit.user.password.reset'
  | 'gw.credit.agent.exception.mark'
  | 'gw.credit.agent.exception.remove'
  | 'gw.credit.user.exception.mark'
  | 'gw.credit.user.exception.remove'
  | 'gw.credit.team.bolck'
  | 'gw.credit.team.unbolck'
  | 'gw.credit.agent.stopBet.disable'
  | 'gw.credit.user.session.all.kill'
  | 'gw.credit.user.rate.modify.allow'
  | 'gw.credit.user.game.switch.get'
  | 'gw.credit.agent.statistics.query'
  | 'gw.credit.user.area.code.get'
  | 'gw.credit.limitation.list'
  | 'gw.credit.currency.list'
> = {
  'gw.credit.agent.profile.edit': notYet,
  'gw.credit.user.profile.edit': notYet,
  'gw.credit.user.password.reset': notYet,
  'gw.credit.agent.exception.mark': notYet,
  'gw.credit.agent.exception.remove': notYet,
  'gw.credit.user.exception.mark': notYet,
  'gw.credit.user.exception.remove': notYet,
  'gw.credit.team.bolck': notYet,
  'gw.credit.team.unbolck': notYet,
  'gw.credit.agent.stopBet.disable': notYet,
  'gw.credit.user.session.all.kill': notYet,
  'gw.credit.user.rate.modify.allow': notYet,
  'gw.credit.user.game.switch.get': notYet,
  'gw.credit.agent.statistics.query': notYet,
  'gw.credit.user.area.code.get': notYet,
  'gw.credit.limitation.list': notYet,
  'gw.credit.currency.list': notYet,
};
