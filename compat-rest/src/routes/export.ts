import type { FastifyReply } from 'fastify';
import type { ExportDownload, ExportFormat } from '../../../api/src/domain';
import { action, type ActionContext, type Controller } from '../action';
import { int, str } from '../params';
import { localTime } from '../wire';

/** `attachment; filename=…` as ShowDoc sends it, with the UTF-8 form for names outside ASCII. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `attachment; filename=${ascii}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A download answer: the file itself, not the envelope (compat-api §0.5); refusals stay envelopes. */
function sendDownload(reply: FastifyReply, download: ExportDownload, contentType: string) {
  reply
    .code(200)
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(download.fileName))
    .header('x-export-pages', String(download.pageCount))
    .header('cache-control', 'no-store');
  return reply.send(download.body);
}

async function exportAs(
  { services, viewer, reply }: ActionContext,
  format: ExportFormat,
  scope: { item_id: number; cat_id?: number; page_id?: number },
  contentType?: string,
) {
  const stamp = localTime(new Date()).replace(/\D/g, '');
  const download = await services.exports.open(
    viewer,
    { format, itemId: scope.item_id, catalogId: scope.cat_id ?? 0, pageId: scope.page_id ?? 0 },
    stamp,
  );
  return sendDownload(reply, download, contentType ?? download.contentType);
}

export const exportController: Controller = {
  checkMarkdownLimit: action({
    auth: 'login',
    params: { export_format: str() },
    async handle({ services, viewer }, p) {
      await services.exports.checkMarkdownLimit(viewer, p.export_format);
    },
  }),
  // ShowDoc sends its Word file as octet-stream; ours is a real .docx under the same type.
  word: action({
    auth: 'login',
    params: { item_id: int(), cat_id: int(), page_id: int() },
    handle: (ctx, p) => exportAs(ctx, 'word', p, 'application/octet-stream'),
  }),
  // ShowDoc exports the whole item; `cat_id`/`page_id` are Quire's extension (the web app's selection).
  markdown: action({
    auth: 'login',
    params: { item_id: int(), cat_id: int(), page_id: int() },
    handle: (ctx, p) => exportAs(ctx, 'markdown', p),
  }),
};

export const exportHtmlController: Controller = {
  export: action({
    auth: 'login',
    params: { item_id: int(), cat_id: int(), page_id: int() },
    handle: (ctx, p) => exportAs(ctx, 'html', p),
  }),
};
