import type { FastifyInstance } from 'fastify';
import { DomainError, importJobs, type Language } from '../../domain';
import type { FileHttpOptions } from '../files/file-http';

/**
 * `POST /api/imports`: the file of an import, beside GraphQL like `POST /api/files` (multipart `file`).
 * It is held for the caller, who starts the import with the `startImport` mutation.
 */
export async function importHttpPlugin(app: FastifyInstance, options: FileHttpOptions): Promise<void> {
  app.post('/api/imports', async (request, reply) => {
    const accept = request.headers['accept-language'];
    const language: Language = /^zh/i.test(typeof accept === 'string' ? accept : '') ? 'zh' : 'en';
    const refuse = (err: DomainError) =>
      reply
        .code(err.info.code === 'UNAUTHENTICATED' ? 401 : err.info.code === 'IMPORT_TOO_LARGE' ? 413 : 400)
        // Closed after a refusal: the body may be unread, and the client's next request must not queue behind it.
        .header('connection', 'close')
        .send({
          error: { code: err.info.code, showdocCode: err.info.showdoc, message: err.localized(language) },
        });
    if (options.byCookie(request) && request.headers['apollo-require-preflight'] === undefined) {
      return refuse(
        new DomainError('BadInput', {
          en: 'Cookie-authenticated uploads need the header apollo-require-preflight: true',
          zh: '使用 Cookie 上传时需要请求头 apollo-require-preflight: true',
        }),
      );
    }
    if (!request.isMultipart()) return refuse(new DomainError('ImportFileMissing'));
    const services = options.services();
    try {
      const viewer = await options.viewerOf(request, services);
      viewer.requireUserId();
      const limit = services.imports.uploadLimit();
      for await (const part of request.parts({ limits: { fileSize: limit + 1, files: 1 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const data = await services.imports.readUpload(part.file);
        const staged = importJobs.stage(viewer, part.filename, data);
        return reply.send({ uploadId: staged.id, fileName: staged.fileName, size: data.length });
      }
      return refuse(new DomainError('ImportFileMissing'));
    } catch (err) {
      if (err instanceof DomainError) return refuse(err);
      throw err;
    }
  });
}
