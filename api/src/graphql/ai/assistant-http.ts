import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type Language, type Services, type Viewer } from '../../domain';

export interface AssistantHttpOptions {
  services: () => Services;
  /** The caller as GraphQL sees it: `Authorization: Bearer`, else the session cookie. */
  viewerOf: (request: FastifyRequest, services: Services) => Promise<Viewer>;
}

const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, RATE_LIMITED: 429 };

/**
 * The web app's writing assistant: `POST /api/assistant` with JSON `{prompt}` answers the same SSE stream
 * as ShowDoc's `ai/create` (the editor reads it with fetch). JSON only, so a cross-site form cannot post
 * it with the session cookie. Refusals before the stream are JSON `{code, message}` with an HTTP status.
 */
export async function assistantHttpPlugin(
  app: FastifyInstance,
  options: AssistantHttpOptions,
): Promise<void> {
  app.post(
    '/api/assistant',
    { bodyLimit: 256 * 1024 },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const language: Language = /^zh/i.test(String(request.headers['accept-language'] ?? '')) ? 'zh' : 'en';
      const refuse = (err: DomainError) =>
        reply
          .code(STATUS[err.info.code] ?? 400)
          .send({ code: err.info.code, message: err.localized(language), ...(err.extensions ?? {}) });
      if (!/^application\/json/i.test(String(request.headers['content-type'] ?? '')))
        return refuse(new DomainError('BadInput', { en: 'Send JSON', zh: '请发送 JSON' }));
      const body = request.body as { prompt?: unknown } | null;
      const prompt = typeof body?.prompt === 'string' ? body.prompt : '';
      const services = options.services();
      const abort = new AbortController();
      let stream: AsyncGenerator<string>;
      try {
        const viewer = await options.viewerOf(request, services);
        stream = await services.assistant.open(viewer, prompt, abort.signal);
      } catch (err) {
        if (err instanceof DomainError) return refuse(err);
        throw err;
      }
      reply.hijack();
      const raw = reply.raw;
      raw.on('close', () => abort.abort());
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Accel-Buffering': 'no',
      });
      try {
        for await (const text of stream) {
          if (raw.destroyed) break;
          if (!raw.write(text)) await new Promise((resolve) => raw.once('drain', resolve));
        }
      } catch (err) {
        request.log.error({ err }, 'assistant stream failed');
      } finally {
        raw.end();
      }
    },
  );
}
