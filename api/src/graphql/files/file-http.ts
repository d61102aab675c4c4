import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type Language, type Services, type Viewer } from '../../domain';
import { filePath } from './file.types';

export interface FileHttpOptions {
  services: () => Services;
  /** The caller as GraphQL sees it: `Authorization: Bearer`, else the session (and visitor) cookie. */
  viewerOf: (request: FastifyRequest, services: Services) => Promise<Viewer>;
  /** True when the request was authenticated by a cookie rather than a bearer token. */
  byCookie: (request: FastifyRequest) => boolean;
}

/** HTTP statuses of the upload endpoint's refusals (everything else a user can cause is a 400). */
const STATUS: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ITEM_PASSWORD_REQUIRED: 403,
  FILE_TOO_LARGE: 413,
  REQUEST_TOO_LARGE: 413,
  PAGE_NOT_FOUND: 404,
  ITEM_NOT_FOUND: 404,
  UPLOAD_FAILED: 503,
};

/**
 * Quire's own file endpoints beside GraphQL: `POST /api/files` uploads (GraphQL has no file type, and a
 * plain multipart request keeps Apollo's CSRF protection as it is) and `GET /files/{sign}/{name}` serves.
 */
export async function fileHttpPlugin(app: FastifyInstance, options: FileHttpOptions): Promise<void> {
  const serve = async (request: FastifyRequest<{ Params: { sign: string } }>, reply: FastifyReply) => {
    const services = options.services();
    const viewer = await options.viewerOf(request, services);
    try {
      const delivery = await services.files.visit(viewer, request.params.sign, {
        range: header(request, 'range'),
        ifNoneMatch: header(request, 'if-none-match'),
        ifModifiedSince: header(request, 'if-modified-since'),
        ifRange: header(request, 'if-range'),
        head: request.method === 'HEAD',
      });
      reply.code(delivery.status).headers(delivery.headers);
      return reply.send(delivery.body ?? '');
    } catch (err) {
      // Unknown and unreadable files answer alike, so a guessed sign tells nothing.
      if (err instanceof DomainError && err.codeName === 'FileNotFound') {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      }
      throw err;
    }
  };
  app.get('/files/:sign', serve);
  app.get('/files/:sign/*', serve);

  app.post('/api/files', async (request, reply) => {
    const language: Language = /^zh/i.test(header(request, 'accept-language') ?? '') ? 'zh' : 'en';
    // Closed after a refusal: the body may be unread, and the client's next request must not queue behind it.
    const refuse = (err: DomainError) =>
      reply
        .code(STATUS[err.info.code] ?? 400)
        .header('connection', 'close')
        .send({
          error: { code: err.info.code, showdocCode: err.info.showdoc, message: err.localized(language) },
        });
    // A cookie travels with cross-site form posts: such uploads must also show a header no form can set.
    if (options.byCookie(request) && !header(request, 'apollo-require-preflight')) {
      return refuse(
        new DomainError('BadInput', {
          en: 'Cookie-authenticated uploads need the header apollo-require-preflight: true',
          zh: '使用 Cookie 上传时需要请求头 apollo-require-preflight: true',
        }),
      );
    }
    if (!request.isMultipart()) return refuse(new DomainError('FileMissing'));
    const services = options.services();
    const viewer = await options.viewerOf(request, services);
    // The file may be as large as the site allows; the fields beside it keep the standard body limit
    // (issue #15), so an upload request cannot buffer megabytes of form fields.
    const fieldLimit = request.routeOptions.bodyLimit;
    let fieldBytes = 0;
    const parts = request.parts({
      limits: { fileSize: (await services.files.uploadLimit()) + 1, files: 1, fieldSize: fieldLimit },
    });
    const iterator = parts[Symbol.asyncIterator]();
    const fields: Record<string, string> = {};
    let file: { filename: string; stream: Readable } | null = null;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const part = next.value;
        if (part.type === 'file') {
          if (part.fieldname === 'file') {
            file = { filename: part.filename, stream: part.file };
            break;
          }
          part.file.resume();
        } else {
          fieldBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(String(part.value ?? ''));
          if (part.valueTruncated || part.fieldnameTruncated || fieldBytes > fieldLimit) {
            return refuse(new DomainError('UploadFieldsTooLarge'));
          }
          fields[part.fieldname] = String(part.value);
        }
      }
      if (!file) return refuse(new DomainError('FileMissing'));
      const saved = await services.files.upload(viewer, {
        kind: fields.kind === 'image' ? 'image' : 'attachment',
        fileName: file.filename,
        body: file.stream,
        itemId: positive(fields.itemId),
        pageId: positive(fields.pageId),
      });
      return reply.send({
        id: saved.id,
        name: saved.displayName,
        fileType: saved.fileType,
        size: Number(saved.fileSize),
        url: filePath(saved),
      });
    } catch (err) {
      if (err instanceof DomainError) return refuse(err);
      throw err;
    } finally {
      // Whatever happened, read the rest so the request ends cleanly.
      try {
        if (file && !file.stream.readableEnded) for await (const chunk of file.stream) void chunk;
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          if (next.value.type === 'file') next.value.file.resume();
        }
      } catch {
        // A malformed tail only ends the request.
      }
    }
  });
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
