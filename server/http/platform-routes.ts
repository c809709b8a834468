import type { FastifyInstance } from 'fastify';
import { platformOpenApiDocument } from '../platform-api/platform-openapi';

/**
 * The platform API's routes on the back office (docs/platform-api.md). Now only its published
 * description: one document for every site, generated once (it holds no secret and no site's data).
 */
export function registerPlatformRoutes(app: FastifyInstance) {
  const document = JSON.stringify(platformOpenApiDocument());
  app.get('/api/platform/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(document));
}
