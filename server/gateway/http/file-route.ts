import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idSchema, pickLanguage, type Language } from '../../../contract/common.contract';
import { ErrorCode, type ErrorCodeValue, type ErrorData } from '../../../contract/errors.contract';
import type { Clock } from '../../kernel/clock';
import type { Database } from '../../kernel/db/database';
import { countryOf, normaliseIp } from '../../geo/ip-region';
import { checkJobRights } from '../../jobs/job-access';
import { errorMessage } from '../../kernel/messages';
import { RpcError } from '../../kernel/rpc-error';
import { findSession } from '../../kernel/session.store';
import { inMaintenance, normaliseHost, resolveSite } from '../../kernel/site.repository';
import { findOwnFile, type StoredFile } from '../../files/file.repository';

/** The form field or JSON body of a download: the session token and, optionally, the language of errors. */
function bodyFields(request: FastifyRequest): { opsId?: unknown; ztsLang?: unknown } {
  const text = typeof request.body === 'string' ? request.body : '';
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(text);
    return { opsId: form.get('opsId') ?? undefined, ztsLang: form.get('ztsLang') ?? undefined };
  }
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    throw new RpcError(ErrorCode.parseError);
  }
}

/**
 * `Content-Disposition` for any name: an ASCII stand-in for old clients and the real name in
 * RFC 5987 form (every byte outside the attr-char set percent-encoded).
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * `POST /api/files/<fileId>` (docs/product.md#exports-and-files): the bytes of an export, to the account that
 * made it, for 24 hours. The session is checked as for a call (site of the host, its IP rules
 * and maintenance, the token, a forced password change); every refusal is a catalogue error in
 * JSON-RPC form, and a file of another account or site, an expired one or an unknown id are
 * all the same "not found".
 */
export function registerFileRoute(app: FastifyInstance, options: { db: Database; clock: Clock }) {
  const { db, clock } = options;

  async function fileFor(
    request: FastifyRequest<{ Params: { fileId: string } }>,
  ): Promise<{ file: StoredFile } | { language: Language; error: RpcError }> {
    let language = pickLanguage(request.headers['accept-language']?.slice(0, 2).toLowerCase());
    try {
      const fields = bodyFields(request);
      if (fields.ztsLang !== undefined) language = pickLanguage(fields.ztsLang);
      const authority = (request.headers.host ?? '').slice(0, 255).toLowerCase();
      const ip = normaliseIp(request.ip);
      const site = await resolveSite(db, { host: normaliseHost(authority), ip, country: countryOf(ip) });
      if (!site) throw new RpcError(ErrorCode.unknownApplication);
      const now = clock.now();
      if (site.ipBlocked) throw new RpcError(ErrorCode.ipBlocked);
      if (inMaintenance(site, now)) throw new RpcError(ErrorCode.siteMaintenance);
      const fileId = idSchema.safeParse(request.params.fileId);
      if (!fileId.success) throw new RpcError(ErrorCode.invalidParams, { field: 'fileId', rule: 'id' });
      const token = typeof fields.opsId === 'string' ? fields.opsId : '';
      const session = await findSession(db, { token, siteId: site.id, now, idleTimeoutSeconds: site.idleTimeoutSeconds });
      if (!session) throw new RpcError(ErrorCode.authFailed);
      if (session.forcePwdUpdate || session.firstLogin) throw new RpcError(ErrorCode.notAuthorized);
      const file = await findOwnFile(db, {
        siteId: site.id,
        ownerId: session.accountId,
        subAccountId: session.subAccountId,
        fileId: fileId.data,
        now,
      });
      if (!file) throw new RpcError(ErrorCode.recordNotFound);
      if (file.job) checkJobRights(session, site, file.job);
      return { file };
    } catch (error) {
      if (error instanceof RpcError) return { language, error };
      request.log.error({ err: error }, 'file download failed');
      return { language, error: new RpcError(ErrorCode.unknownException) };
    }
  }

  function sendError(reply: FastifyReply, language: Language, code: ErrorCodeValue, data?: ErrorData) {
    const error = { code, message: errorMessage(code, language), ...(data ? { data } : {}) };
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(JSON.stringify({ jsonrpc: '2.0', id: null, error }));
  }

  app.post<{ Params: { fileId: string } }>('/api/files/:fileId', async (request, reply) => {
    const found = await fileFor(request);
    if ('error' in found) return sendError(reply, found.language, found.error.code, found.error.data);
    return reply
      .type(found.file.contentType)
      .header('content-disposition', attachmentHeader(found.file.name))
      .header('cache-control', 'no-store')
      .send(found.file.bytes);
  });
}
