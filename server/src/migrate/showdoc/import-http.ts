import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, type Language, type Services, type Viewer } from '../../../../api/src/domain';
import type { ShowdocImportJobs, StagedKind } from './import-jobs';

export interface ShowdocImportHttpOptions {
  jobs: ShowdocImportJobs;
  services: () => Services;
  viewerOf: (request: FastifyRequest, services: Services) => Promise<Viewer>;
  byCookie: (request: FastifyRequest) => boolean;
}

const STATUS: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  FILE_TOO_LARGE: 413,
  UPLOAD_FAILED: 503,
};

/**
 * `POST /api/admin/showdoc-import/upload` (multipart: `kind` = database | uploads, then `file`): a site
 * administrator uploads ShowDoc's SQLite file or a zip of its Public/Uploads for the console's import;
 * answers `{ uploadId, bytes }` for GraphQL's `startShowdocImport`. GraphQL has no file type (as for
 * `POST /api/files`). Refusals: `{ error: { code, message } }` with 401/403/413/400.
 */
export async function showdocImportHttpPlugin(
  app: FastifyInstance,
  options: ShowdocImportHttpOptions,
): Promise<void> {
  app.post('/api/admin/showdoc-import/upload', async (request, reply) => {
    const language: Language = /^zh/i.test(String(request.headers['accept-language'] ?? '')) ? 'zh' : 'en';
    // A refusal may come before the body was read (a 20 MB file sent without the right to upload it):
    // the connection is closed after the answer, so the client never sends its next request on a socket
    // whose last body the server never took in (such a next upload waited forever behind it).
    const refuse = (err: DomainError) =>
      reply
        .code(STATUS[err.info.code] ?? 400)
        .header('connection', 'close')
        .send({ error: { code: err.info.code, message: err.localized(language) } });
    if (options.byCookie(request) && !request.headers['apollo-require-preflight']) {
      return refuse(
        new DomainError('BadInput', {
          en: 'Cookie-authenticated uploads need the header apollo-require-preflight: true',
          zh: '使用 Cookie 上传时需要请求头 apollo-require-preflight: true',
        }),
      );
    }
    const services = options.services();
    const viewer = await options.viewerOf(request, services);
    try {
      viewer.requireAdmin();
    } catch (err) {
      if (err instanceof DomainError) return refuse(err);
      throw err;
    }
    if (!request.isMultipart()) return refuse(new DomainError('FileMissing'));
    const parts = request.parts({
      limits: { fileSize: options.jobs.maxBytes + 1, files: 1, fields: 4, fieldSize: 64 },
    });
    const iterator = parts[Symbol.asyncIterator]();
    let kind: StagedKind = 'database';
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const part = next.value;
        if (part.type === 'field') {
          if (part.fieldname === 'kind') kind = String(part.value) === 'uploads' ? 'uploads' : 'database';
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const staged = await options.jobs.stage(kind, part.file);
        return reply.send({ ...staged, kind });
      }
      return refuse(new DomainError('FileMissing'));
    } catch (err) {
      if (err instanceof DomainError) return refuse(err);
      throw err;
    } finally {
      try {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          if (next.value.type === 'file') next.value.file.resume();
        }
      } catch {
        // A malformed tail only ends the request.
      }
    }
  });
}
