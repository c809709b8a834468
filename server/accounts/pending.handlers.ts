import { ErrorCode } from '../../contract/errors.contract';
import { RpcError } from '../rpc/rpc-error';
import type { HandlerMap } from '../rpc/handler';

// TEMPORARY during the issue-5 work: every entry moves to its real handler file before this lands.
const notYet = async (): Promise<never> => {
  throw new RpcError(ErrorCode.methodNotFound);
};

export const pendingHandlers: HandlerMap<
  | 'gw.credit.user.add.batch'
  | 'gw.credit.user.all.enable'
  | 'gw.credit.user.all.disable'
  | 'gw.credit.job.get'
> = {
  'gw.credit.user.add.batch': notYet,
  'gw.credit.user.all.enable': notYet,
  'gw.credit.user.all.disable': notYet,
  'gw.credit.job.get': notYet,
};
