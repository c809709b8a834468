import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BACKUP_ROUTE } from '../../backup/backup-endpoint';
import { dumpPglite } from '../../backup/pglite-backup';
import type { Database } from '../../kernel/db/database';
import { isLocalRequest } from './local-request';

/** Whether the request carries the server's backup token (compared in constant time). */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const bearer = /^Bearer ([0-9a-f]{64})$/.exec(request.headers.authorization ?? '');
  return bearer !== null && timingSafeEqual(Buffer.from(bearer[1]!), Buffer.from(token));
}

/**
 * `GET /api/backup` (PGlite only, for `npm run backup`): the database as a gzipped tarball,
 * taken in this process, which alone holds the folder. Only from this machine with the token of
 * backup-endpoint.json; anyone else gets a plain 404, as if the route did not exist.
 */
export function registerBackupRoute(app: FastifyInstance, db: Database, token: string) {
  app.get(BACKUP_ROUTE, async (request, reply) => {
    if (!isLocalRequest(request) || !carriesToken(request, token)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('not found');
    }
    const { tarball, version } = await dumpPglite(db);
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .header('x-schema-version', version)
      .send(Readable.fromWeb(tarball.stream() as NodeReadableStream));
  });
}
