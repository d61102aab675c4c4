// compat-api §13: one Mock.js template per page, and the mock URLs that serve it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../../api/src/domain';
import { action, type Controller } from '../action';
import { unescapeHtml } from '../form-values';
import { int, str } from '../params';
import { mockRow } from '../presenters/mock';
import { EMPTY } from '../wire';

export const mock: Controller = {
  add: action({
    auth: 'login',
    params: { page_id: int(), template: str(), path: str('/') },
    async handle({ services, viewer }, p) {
      const saved = await services.mocks.save(viewer, p.page_id, unescapeHtml(p.template), p.path);
      return { page_id: saved.page.id, path: saved.path, unique_key: saved.uniqueKey };
    },
  }),

  infoByPageId: action({
    auth: 'opt',
    params: { page_id: int() },
    async handle({ services, viewer }, p) {
      const found = await services.mocks.ofPage(viewer, p.page_id);
      return found ? mockRow(found) : EMPTY;
    },
  }),
};

/**
 * A mock URL in any of ShowDoc's forms: `mock-data/{key}` or `mock-path/{item}` (the `path` parameter,
 * from the query or the body), as the path after `/server` or as the `s` parameter of `index.php`.
 * Answers null when `route` is not a mock route.
 */
export async function serveMock(
  route: string,
  request: FastifyRequest,
  reply: FastifyReply,
  services: () => Services,
): Promise<FastifyReply | null> {
  const match = /^\/*mock-(data|path)\/([^/?#]*)\/*$/i.exec(route);
  if (!match) return null;
  const [, kind = '', id = ''] = match;
  const answer =
    kind.toLowerCase() === 'data'
      ? await services().mocks.answerByKey(id)
      : await services().mocks.answerByPath(/^\d+$/.test(id) ? Number(id) : 0, pathParam(request));
  return reply.code(answer.status).type(answer.contentType).send(answer.body);
}

function pathParam(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown>;
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const value = Object.hasOwn(query, 'path') ? query.path : Object.hasOwn(body, 'path') ? body.path : '/';
  return typeof value === 'string' ? value : '/';
}
