import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, type Language, type Services, type Viewer } from '../../domain';

export interface OpenApiHttpOptions {
  services: () => Services;
  /** The caller as GraphQL sees it (bearer token, else the session and visitor cookies). */
  viewerOf: (request: FastifyRequest, services: Services) => Promise<Viewer>;
}

const STATUS: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ITEM_PASSWORD_REQUIRED: 403,
  ITEM_NOT_FOUND: 404,
};

/** `GET /api/items/{itemId}/openapi.json`: the OpenAPI 3.1 export as a download (same rules as GraphQL). */
export async function openApiHttpPlugin(app: FastifyInstance, options: OpenApiHttpOptions): Promise<void> {
  app.get<{ Params: { itemId: string } }>('/api/items/:itemId/openapi.json', async (request, reply) => {
    const language: Language = /^zh/i.test(request.headers['accept-language'] ?? '') ? 'zh' : 'en';
    const itemId = /^\d{1,10}$/.test(request.params.itemId) ? Number(request.params.itemId) : 0;
    const services = options.services();
    try {
      const viewer = await options.viewerOf(request, services);
      const result = await services.openApiExport.export(viewer, itemId);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="openapi-item-${itemId}.json"`)
        .send(result.json);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      return reply.code(STATUS[err.info.code] ?? 400).send({
        error: { code: err.info.code, showdocCode: err.info.showdoc, message: err.localized(language) },
      });
    }
  });
}
