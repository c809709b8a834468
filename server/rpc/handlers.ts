import packageJson from '../../package.json' with { type: 'json' };
import { contract, type MethodName } from '../../contract/methods.contract';
import { noticeHandlers } from '../notices/notice.handlers';
import { siteHandlers } from '../sites/site.handlers';
import { defineHandlers, type HandlerMap } from './handler';
import { buildOpenRpcDocument } from './openrpc';

export const openRpcDocument = buildOpenRpcDocument(contract, packageJson.version);

/** Every handler of the gateway; the type makes a missing one a compile error. */
export function createHandlers(databaseKind: 'pglite' | 'postgres'): HandlerMap<MethodName> {
  return {
    ...defineHandlers({ 'rpc.discover': async () => openRpcDocument }),
    ...siteHandlers(databaseKind),
    ...noticeHandlers,
  };
}
