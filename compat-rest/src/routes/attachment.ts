import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type FileDelivery, type FileTypeFilter, type Services } from '../../../api/src/domain';
import { action, type Action, type ActionContext, type Controller } from '../action';
import { int, str } from '../params';
import { fileListRow, megabytes, pageFileRow, unusedFileRow } from '../presenters/attachment';
import type { Wire } from '../wire';

/** ShowDoc's `attachment_type`: 1 images, 2 the rest, anything else (-1) all. */
function typeFilter(code: number): FileTypeFilter {
  return code === 1 ? 'image' : code === 2 ? 'other' : null;
}

/**
 * The address ShowDoc hands out for a file: `<site_url>/server/?s=/api/attachment/visitFile&sign=…`, the
 * site URL being the `site_url` setting or the request's own scheme and host.
 */
async function visitUrlBase(services: Services, request: FastifyRequest): Promise<string> {
  const configured = (await services.settings.get('site_url')).trim().replace(/\/+$/, '');
  const base = configured || `${request.protocol}://${request.host}`;
  return `${base}/server/?s=/api/attachment/visitFile&sign=`;
}

/** ShowDoc refuses admin-only attachment calls with its own wording. */
function requireAdmin(ctx: ActionContext): void {
  ctx.viewer.requireUserId();
  if (!ctx.viewer.isAdmin) {
    throw new DomainError('AdminRequired', {
      en: 'Administrator rights are required',
      zh: '您没有管理员权限',
    });
  }
}

function requireFile(ctx: ActionContext) {
  if (!ctx.file) throw new DomainError('FileMissing');
  return ctx.file;
}

/** `{url, success: 1}`: ShowDoc's upload answer, outside the envelope. */
function sendUploaded(reply: FastifyReply, url: string) {
  return reply.type('application/json; charset=utf-8').send({ url, success: 1 });
}

/** Writes a file answer of the domain as it is. */
function sendDelivery(reply: FastifyReply, delivery: FileDelivery) {
  reply.code(delivery.status).headers(delivery.headers);
  return reply.send(delivery.body ?? '');
}

const uploadImg = action({
  auth: 'login',
  fileField: 'editormd-image-file',
  params: { item_id: int(), page_id: int() },
  async handle(ctx, p) {
    const { services, viewer, request, reply } = ctx;
    // The editor's image upload answers `{message, success: 0}` for every refusal but a missing login.
    try {
      const file = requireFile(ctx);
      const saved = await services.files.upload(viewer, {
        kind: 'image',
        fileName: file.filename,
        body: file.stream,
        itemId: p.item_id,
        pageId: p.page_id,
      });
      return sendUploaded(reply, (await visitUrlBase(services, request)) + saved.sign);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      return reply.type('application/json; charset=utf-8').send({ message: err.localized('zh'), success: 0 });
    }
  },
});

const attachmentUpload = action({
  auth: 'login',
  fileField: 'file',
  params: { item_id: int(), page_id: int() },
  async handle(ctx, p) {
    const { services, viewer, request, reply } = ctx;
    const file = requireFile(ctx);
    const saved = await services.files.upload(viewer, {
      kind: 'attachment',
      fileName: file.filename,
      body: file.stream,
      itemId: p.item_id,
      pageId: p.page_id,
    });
    return sendUploaded(reply, (await visitUrlBase(services, request)) + saved.sign);
  },
});

const pageAttachmentUploadList = action({
  auth: 'login',
  params: { page_id: int() },
  async handle({ services, viewer, request }, p): Promise<Wire> {
    const files = await services.files.pageFiles(viewer, p.page_id);
    const base = await visitUrlBase(services, request);
    return files.map((file) => pageFileRow(file, base));
  },
});

const deletePageUploadFile = action({
  auth: 'login',
  params: { file_id: int(), page_id: int() },
  async handle({ services, viewer }, p) {
    await services.files.removeFromPage(viewer, p.file_id, p.page_id);
  },
});

/** Anyone holding the sign who may read a page the file is on (compat-api §11.1, permission added). */
export const visitFile = action({
  auth: 'opt',
  params: { sign: str() },
  async handle({ services, viewer, request, reply }, p) {
    if (!p.sign) return reply.code(404).send('');
    try {
      const delivery = await services.files.visit(viewer, p.sign, {
        range: header(request, 'range'),
        ifNoneMatch: header(request, 'if-none-match'),
        ifModifiedSince: header(request, 'if-modified-since'),
        ifRange: header(request, 'if-range'),
        head: request.method === 'HEAD',
      });
      return sendDelivery(reply, delivery);
    } catch (err) {
      // ShowDoc's answer for an unknown sign; a file the caller may not read looks the same.
      if (err instanceof DomainError && err.codeName === 'FileNotFound') {
        return reply.code(200).type('text/html; charset=utf-8').send('www.showdoc.com.cn');
      }
      throw err;
    }
  },
});

export const attachment: Controller = {
  visitFile,
  uploadImg,
  attachmentUpload,
  pageAttachmentUploadList,
  deletePageUploadFile,

  getMyList: action({
    auth: 'login',
    params: { page: int(1), count: int(20), attachment_type: int(), display_name: str() },
    async handle({ services, viewer, request }, p): Promise<Wire> {
      const mine = await services.files.mine(viewer, {
        type: typeFilter(p.attachment_type),
        name: p.display_name,
        page: p.page,
        count: p.count,
      });
      const base = await visitUrlBase(services, request);
      return {
        list: mine.list.map((view) => fileListRow(view, base, false)),
        total: mine.total,
        used: mine.used,
        used_m: megabytes(mine.used),
        used_flow_m: megabytes(mine.usedFlowThisMonth),
      };
    },
  }),

  deleteMyAttachment: action({
    auth: 'login',
    params: { file_id: int() },
    async handle({ services, viewer }, p) {
      await services.files.delete(viewer, p.file_id);
    },
  }),

  bindingPage: action({
    auth: 'login',
    params: { file_id: int(), page_id: int() },
    async handle({ services, viewer }, p) {
      await services.files.bind(viewer, p.file_id, p.page_id);
    },
  }),

  getAllList: action({
    auth: 'login',
    params: {
      page: int(1),
      count: int(20),
      attachment_type: int(),
      display_name: str(),
      username: str(),
    },
    async handle(ctx, p): Promise<Wire> {
      requireAdmin(ctx);
      const all = await ctx.services.files.all(ctx.viewer, {
        type: typeFilter(p.attachment_type),
        name: p.display_name,
        username: p.username,
        page: p.page,
        count: p.count,
      });
      const base = await visitUrlBase(ctx.services, ctx.request);
      return {
        list: all.list.map((view) => fileListRow(view, base, true)),
        total: all.total,
        used: all.used,
        used_m: megabytes(all.used),
      };
    },
  }),

  deleteAttachment: action({
    auth: 'login',
    params: { file_id: int() },
    async handle(ctx, p) {
      requireAdmin(ctx);
      await ctx.services.files.deleteAny(ctx.viewer, p.file_id);
    },
  }),

  getUnusedList: action({
    auth: 'login',
    params: { page: int(1), count: int(10), display_name: str(), username: str() },
    async handle(ctx, p): Promise<Wire> {
      requireAdmin(ctx);
      const unused = await ctx.services.files.unused(ctx.viewer, {
        name: p.display_name,
        username: p.username,
        page: p.page,
        count: p.count,
      });
      return { list: unused.list.map(unusedFileRow), total: unused.total };
    },
  }),

  batchDeleteAttachments: action({
    auth: 'login',
    params: { file_ids: str() },
    async handle(ctx): Promise<Wire> {
      requireAdmin(ctx);
      const raw = ctx.params.get('file_ids');
      const ids = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(','))
        .map((id) => id.trim())
        .filter((id) => id !== '')
        .map((id) => (/^\d+$/.test(id) ? Number(id) : 0));
      if (!ids.length) throw new DomainError('BadInput');
      const result = await ctx.services.files.deleteMany(ctx.viewer, ids);
      return { success: result.success, failed: result.failed };
    },
  }),

  index: action({
    auth: 'anon',
    params: {},
    async handle(): Promise<Wire> {
      return { status: 'ok' };
    },
  }),
};

/** compat-api §5.13: the page controller's names for the same actions. */
export const pageAttachmentAliases: Record<string, Action> = {
  uploadImg,
  upload: attachmentUpload,
  uploadList: pageAttachmentUploadList,
  deleteUploadFile: deletePageUploadFile,
};

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
