import packageJson from '../../package.json' with { type: 'json' };
import { contract, type MethodName } from '../../contract/methods.contract';
import { accountAddHandlers } from '../accounts/account-add.handlers';
import { accountQueryHandlers } from '../accounts/account-query.handlers';
import { accountStatusHandlers } from '../accounts/account-status.handlers';
import { pendingHandlers } from '../accounts/pending.handlers';
import { authHandlers } from '../auth/auth.handlers';
import { noticeHandlers } from '../notices/notice.handlers';
import { pointsHandlers } from '../points/points.handlers';
import { siteHandlers } from '../sites/site.handlers';
import { defineHandlers, type HandlerMap } from './handler';
import { buildOpenRpcDocument } from './openrpc';

const documents = new Map<string, ReturnType<typeof buildOpenRpcDocument>>();

/** The OpenRPC document as seen from a host (its server URL names that host). */
export function openRpcDocument(host: string, protocol = 'http') {
  const url = `${protocol}://${/^[a-z0-9.:[\]-]+$/.test(host) ? host : 'localhost'}/api`;
  let document = documents.get(url);
  if (!document) {
    document = buildOpenRpcDocument(contract, packageJson.version, url);
    // A few hosts only: keep the cache from growing with hostile Host headers.
    if (documents.size < 32) documents.set(url, document);
  }
  return document;
}

/** Every handler of the gateway; the type makes a missing one a compile error. */
export function createHandlers(databaseKind: 'pglite' | 'postgres'): HandlerMap<MethodName> {
  return {
    ...defineHandlers({ 'rpc.discover': async (ctx) => openRpcDocument(ctx.authority) }),
    ...siteHandlers(databaseKind),
    ...authHandlers,
    ...noticeHandlers,
    ...accountQueryHandlers,
    ...accountAddHandlers,
    ...accountStatusHandlers,
    ...pendingHandlers,
    ...pointsHandlers,
  };
}
