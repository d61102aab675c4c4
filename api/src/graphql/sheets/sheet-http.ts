import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, MAX_XLSX_BYTES, type Language } from '../../domain';
import type { FileHttpOptions } from '../files/file-http';

/** HTTP statuses of the refusals (everything else a user can cause is a 400). */
const STATUS: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ITEM_PASSWORD_REQUIRED: 403,
  REQUEST_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  PAGE_NOT_FOUND: 404,
  ITEM_NOT_FOUND: 404,
  BUSY: 503,
};

type ItemRequest = FastifyRequest<{ Params: { itemId: string }; Querystring: { sheet?: string } }>;

/**
 * Spreadsheet items' files beside GraphQL (ShowDoc has no such calls: its grid did this in the browser):
 *
 * - `GET /api/sheets/{itemId}/xlsx`: the item as an .xlsx workbook (readers and visitors may download);
 * - `GET /api/sheets/{itemId}/csv?sheet=N`: one sheet (0-based, default 0) as UTF-8 CSV;
 * - `POST /api/sheets/{itemId}/xlsx` (multipart `file`, optional field `baseVersion`): replaces the sheets
 *   with the workbook's, as a page save (editors only; a stale baseVersion is a 409).
 *
 * Authenticated as GraphQL is; a cookie-authenticated upload must carry `apollo-require-preflight`.
 */
export async function sheetHttpPlugin(app: FastifyInstance, options: FileHttpOptions): Promise<void> {
  const refuse = (request: FastifyRequest, reply: FastifyReply, err: DomainError) => {
    const language: Language = /^zh/i.test(header(request, 'accept-language') ?? '') ? 'zh' : 'en';
    const status = err.codeName === 'VersionConflict' ? 409 : (STATUS[err.info.code] ?? 400);
    // Closed after a refusal: an upload's body may be unread, and the next request must not queue behind it.
    return reply
      .code(status)
      .header('connection', 'close')
      .send({
        error: { code: err.info.code, showdocCode: err.info.showdoc, message: err.localized(language) },
      });
  };
  const itemIdOf = (request: ItemRequest): number => {
    const id = Number(request.params.itemId);
    if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('ItemNotFound');
    return id;
  };
  const download = (reply: FastifyReply, file: { fileName: string; contentType: string; data: Buffer }) =>
    reply
      .header('content-type', file.contentType)
      .header(
        'content-disposition',
        `attachment; filename="${asciiName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('cache-control', 'no-store')
      .send(file.data);

  app.get('/api/sheets/:itemId/xlsx', async (request: ItemRequest, reply) => {
    const services = options.services();
    try {
      const viewer = await options.viewerOf(request, services);
      return download(reply, await services.sheets.exportXlsx(viewer, itemIdOf(request)));
    } catch (err) {
      if (err instanceof DomainError) return refuse(request, reply, err);
      throw err;
    }
  });

  app.get('/api/sheets/:itemId/csv', async (request: ItemRequest, reply) => {
    const services = options.services();
    try {
      const viewer = await options.viewerOf(request, services);
      const raw = request.query.sheet ?? '0';
      const index = /^\d{1,3}$/.test(raw) ? Number(raw) : -1;
      if (index < 0) {
        throw new DomainError('BadInput', {
          en: 'sheet must be a sheet number from 0',
          zh: 'sheet 须为从 0 开始的工作表序号',
        });
      }
      return download(reply, await services.sheets.exportCsv(viewer, itemIdOf(request), index));
    } catch (err) {
      if (err instanceof DomainError) return refuse(request, reply, err);
      throw err;
    }
  });

  app.post('/api/sheets/:itemId/xlsx', async (request: ItemRequest, reply) => {
    if (options.byCookie(request) && !header(request, 'apollo-require-preflight')) {
      return refuse(
        request,
        reply,
        new DomainError('BadInput', {
          en: 'Cookie-authenticated uploads need the header apollo-require-preflight: true',
          zh: '使用 Cookie 上传时需要请求头 apollo-require-preflight: true',
        }),
      );
    }
    if (!request.isMultipart()) return refuse(request, reply, new DomainError('FileMissing'));
    const services = options.services();
    const parts = request.parts({
      limits: { fileSize: MAX_XLSX_BYTES + 1, files: 1, fieldSize: 64 },
    });
    const fields: Record<string, string> = {};
    let data: Buffer | null = null;
    try {
      const viewer = await options.viewerOf(request, services);
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || data) {
            part.file.resume();
            continue;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size <= MAX_XLSX_BYTES) chunks.push(chunk);
          }
          if (size > MAX_XLSX_BYTES || part.file.truncated) {
            throw new DomainError('FileTooLarge', {
              en: `The file is larger than ${MAX_XLSX_BYTES / 1024 / 1024} MB`,
              zh: `文件超过 ${MAX_XLSX_BYTES / 1024 / 1024} MB`,
            });
          }
          data = Buffer.concat(chunks);
        } else {
          fields[part.fieldname] = String(part.value ?? '');
        }
      }
      if (!data) throw new DomainError('FileMissing');
      const baseRaw = fields.baseVersion;
      const baseVersion = baseRaw && /^\d{1,9}$/.test(baseRaw) ? Number(baseRaw) : undefined;
      const page = await services.sheets.importXlsx(viewer, itemIdOf(request), data, { baseVersion });
      return reply.send({ pageId: page.id, version: page.version });
    } catch (err) {
      if (err instanceof DomainError) return refuse(request, reply, err);
      throw err;
    }
  });
}

function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
