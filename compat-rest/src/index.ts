import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, Viewer, type Services } from '../../api/src/domain';
import { runAction, type Action, type Controller, type UploadedFile } from './action';
import { forbiddenParam } from './input-guard';
import { RequestParams } from './params';
import { ai, aiToken } from './routes/ai';
import { adminItem, adminSetting, adminUpdate, adminUser } from './routes/admin';
import { attachment, pageAttachmentAliases, visitFile } from './routes/attachment';
import { catalog } from './routes/catalog';
import { common, publicSquare } from './routes/common';
import { exportController, exportHtmlController } from './routes/export';
import { extLogin } from './routes/extLogin';
import { importAuto, importPostman, importSwagger } from './routes/import';
import { item } from './routes/item';
import { itemGroup } from './routes/itemGroup';
import { member } from './routes/member';
import { adminMessage, message } from './routes/message';
import { mock, serveMock } from './routes/mock';
import { fromComments, open } from './routes/open';
import { page } from './routes/page';
import { pageComment } from './routes/pageComment';
import { recycle } from './routes/recycle';
import { scriptCron } from './routes/scriptCron';
import { subscription } from './routes/subscription';
import { team } from './routes/team';
import { teamItem } from './routes/teamItem';
import { teamItemMember } from './routes/teamItemMember';
import { teamMember } from './routes/teamMember';
import { template } from './routes/template';
import { user } from './routes/user';
import { parseRoute, resolveActionName, resolveControllerName } from './routing';
import { EMPTY, isoTime, keptCompressed, useWireTimeZone, wireJson, type Wire } from './wire';

/** Controllers by ShowDoc's PascalCase class name. */
export const controllers: Record<string, Controller> = {
  Common: { ...common, visitFile },
  User: user,
  PublicSquare: publicSquare,
  Item: item,
  ItemGroup: itemGroup,
  Catalog: catalog,
  Page: { ...page, ...pageAttachmentAliases },
  Member: member,
  Team: team,
  TeamMember: teamMember,
  TeamItem: teamItem,
  TeamItemMember: teamItemMember,
  Recycle: recycle,
  Template: template,
  Open: open,
  ScriptCron: scriptCron,
  Attachment: attachment,
  AdminUser: adminUser,
  AdminItem: adminItem,
  AdminSetting: adminSetting,
  AdminUpdate: adminUpdate,
  AdminMessage: adminMessage,
  ExtLogin: extLogin,
  Message: message,
  Subscription: subscription,
  Mock: mock,
  Export: exportController,
  ExportHtml: exportHtmlController,
  PageComment: pageComment,
  FromComments: { generate: fromComments },
  Ai: ai,
  AiToken: aiToken,
  Import: importAuto,
  ImportSwagger: importSwagger,
  ImportPostman: importPostman,
};
const controllerNames = Object.keys(controllers);

export interface CompatRestOptions {
  services: () => Services;
  /** IANA zone of ShowDoc-format times (`YYYY-MM-DD HH:MM:SS`, ISO with offset). */
  timeZone: string;
}

function envelope(reply: FastifyReply, code: number, message: string, status = 200) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error_code: code, error_message: message });
}

/**
 * ShowDoc's REST dialect on every URL form its clients use: `/server/index.php?s=/api/c/a`,
 * `/server/?s=…`, `/server/api/c/a[/k/v…]` and `/api/c/a`.
 */
export async function compatRestPlugin(app: FastifyInstance, options: CompatRestOptions): Promise<void> {
  useWireTimeZone(options.timeZone);
  // ShowDoc ignores bodies it cannot parse; so do we, rather than failing with 415.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return envelope(reply, 10101, '请求内容过大 (request body too large)');
    }
    if (error.code?.startsWith('FST_ERR_CTP') || error.validation || (error.statusCode ?? 500) < 500) {
      return envelope(reply, 10101, `请求格式错误 (${error.message})`);
    }
    request.log.error({ err: error }, 'compat-rest request failed');
    return envelope(reply, 10500, '服务器内部错误', 500);
  });

  const handler =
    (routeOf: (request: FastifyRequest) => string | null) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const route = routeOf(request);
      if (route === null) return envelope(reply, 10404, 'Invalid request', 404);
      // compat-api §0.2: `/mock-data/{key}` and `/mock-path/{item}` come before the generic route.
      const served = await serveMock(route, request, reply, options.services);
      if (served) return served;
      return dispatch(route, request, reply, options);
    };

  const fromQuery = (request: FastifyRequest): string | null => {
    const q = request.query as Record<string, unknown>;
    return typeof q.s === 'string' ? q.s : null;
  };
  const fromPath = (prefix: string) => (request: FastifyRequest) => {
    const pathname = request.url.split('?')[0] ?? '';
    return pathname.slice(prefix.length);
  };

  app.get('/server/ping', async () => ({ error_code: 0, data: { pong: true, time: isoTime(new Date()) } }));
  app.all('/server/index.php', handler(fromQuery));
  app.all('/server', handler(fromQuery));
  // Every path under /server goes through ShowDoc's router: the module is case-insensitive
  // (`/server/Api/Item/info`), and other modules (`/server/home/x/y`) get its 404 envelope.
  app.all('/server/*', handler(fromPath('/server')));
  app.all('/api/*', handler(fromPath('')));
}

async function dispatch(
  route: string,
  request: FastifyRequest,
  reply: FastifyReply,
  options: CompatRestOptions,
) {
  const parsed = parseRoute(route);
  if (!parsed.ok) {
    return parsed.status === 400
      ? envelope(reply, 10400, 'Invalid route', 400)
      : envelope(reply, 10404, 'Invalid request', 404);
  }
  const { module, controller, action: actionName, pathParams } = parsed.route;
  const controllerName =
    module.toLowerCase() === 'api' ? resolveControllerName(controller, controllerNames) : null;
  const actions = controllerName ? controllers[controllerName]! : null;
  const resolved = actions ? resolveActionName(actionName, Object.keys(actions)) : null;
  if (!actions || !resolved) return envelope(reply, 10404, 'Invalid request', 404);
  const definition: Action = actions[resolved]!;

  const services = options.services();
  const upload = definition.fileField
    ? await openFilePart(
        request,
        definition.fileField,
        definition.fileLimit ? definition.fileLimit(services) : await services.files.uploadLimit(),
      )
    : null;
  const body = upload ? upload.fields : await readBody(request);
  const params = new RequestParams(pathParams, body, request.query as Record<string, unknown>);
  const forbidden = forbiddenParam(params);
  if (forbidden !== null) {
    await upload?.finish();
    return envelope(reply, 10101, `${new DomainError('ControlCharacter').localized('zh')} (${forbidden})`);
  }
  try {
    const isJson = /json/i.test(String(request.headers['content-type'] ?? ''));
    const itemPassword = params.getFormOrQuery('_item_pwd', isJson);
    const viewer = (await resolveViewer(definition, params, request, services)).withVisitPassword(
      typeof itemPassword === 'string' ? itemPassword : undefined,
    );
    const data = await runAction(definition, {
      services,
      viewer,
      params,
      request,
      reply,
      file: upload?.file ?? null,
    });
    if (reply.sent) return reply;
    const body = wireJson({ error_code: 0, data: data ?? EMPTY } satisfies Wire);
    const kept = await keptCompressed(body, request.headers);
    // As the compression plugin marks what it compresses (which leaves an answer so marked alone).
    if (kept) reply.header('content-encoding', kept.encoding).header('vary', 'accept-encoding');
    return reply.type('application/json; charset=utf-8').send(kept?.bytes ?? body);
  } catch (err) {
    if (err instanceof DomainError) return envelope(reply, err.info.showdoc, err.localized('zh'));
    throw err;
  } finally {
    await upload?.finish();
  }
}

/** Token carriers in ShowDoc's order: `X-API-Token`, `Authorization: Bearer`, then `user_token`. */
function tokenOf(request: FastifyRequest, params: RequestParams): string {
  const header = request.headers['x-api-token'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (bearer?.[1]?.trim()) return bearer[1].trim();
  const param = params.get('user_token');
  return typeof param === 'string' ? param.trim() : '';
}

async function resolveViewer(
  definition: Action,
  params: RequestParams,
  request: FastifyRequest,
  services: Services,
) {
  if (definition.auth === 'anon') return Viewer.anonymous(request.ip);
  const token = tokenOf(request, params);
  try {
    return await services.accounts.signedIn(token, undefined, request.ip);
  } catch (err) {
    if (definition.auth === 'opt' && err instanceof DomainError) return Viewer.anonymous(request.ip);
    throw err;
  }
}

/** Form and JSON bodies arrive parsed; multipart fields are collected here (files are buffered). */
async function readBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (request.isMultipart()) return readMultipart(request);
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** An error the plugin's error handler answers with the 10101 envelope (413: too large, 400: malformed). */
function bodyError(statusCode: 400 | 413, message: string): FastifyError {
  return Object.assign(new Error(message), {
    name: 'CompatRestBodyError',
    statusCode,
    code: statusCode === 413 ? 'FST_ERR_CTP_BODY_TOO_LARGE' : 'FST_ERR_CTP_INVALID_MULTIPART',
  });
}

/**
 * Multipart bodies keep the limit of the others: a field is never cut short in silence (busboy would
 * truncate it at 1 MiB), and fields and files together stay under `bodyLimit`. Malformed multipart (no
 * boundary, an unterminated part) is a bad request, not a server failure.
 */
async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const limit = request.routeOptions.bodyLimit;
  const fields: Record<string, unknown> = Object.create(null);
  let total = 0;
  try {
    for await (const part of request.parts({ limits: { fieldSize: limit } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        total += data.length;
        fields[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw bodyError(413, 'multipart field too large');
        const value: unknown = part.value;
        total += Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value ?? ''));
        fields[part.fieldname] = value;
      }
      if (total > limit) throw bodyError(413, 'multipart body too large');
    }
  } catch (err) {
    const status = (err as Partial<FastifyError>).statusCode;
    if (status !== undefined && status < 500) throw err;
    throw bodyError(400, `malformed multipart body: ${(err as Error).message}`);
  }
  return fields;
}

/**
 * An upload's fields up to its file part, and that part unread, so the file streams to storage with its
 * size counted as it arrives. The multipart parser cuts the file one byte past the upload limit, which
 * the upload sees as too large. `finish` reads whatever is left (the rest of a refused file, later parts)
 * so the request ends cleanly whatever the action did.
 */
async function openFilePart(
  request: FastifyRequest,
  fieldName: string,
  uploadLimit: number,
): Promise<{ fields: Record<string, unknown>; file: UploadedFile | null; finish(): Promise<void> }> {
  if (!request.isMultipart()) {
    return { fields: await readBody(request), file: null, finish: async () => undefined };
  }
  const fields: Record<string, unknown> = Object.create(null);
  // The file may be as large as the site allows; the fields beside it keep the standard body limit
  // (issue #15), so an upload request cannot buffer megabytes of form fields.
  const fieldLimit = request.routeOptions.bodyLimit;
  let fieldBytes = 0;
  const limits = { fileSize: uploadLimit + 1, files: 1, fieldSize: fieldLimit };
  const parts = request.parts({ limits })[Symbol.asyncIterator]();
  let file: UploadedFile | null = null;
  const finish = async () => {
    try {
      if (file) await drain(file.stream);
      for (let next = await parts.next(); !next.done; next = await parts.next()) {
        if (next.value.type === 'file') await drain(next.value.file);
      }
    } catch {
      // The answer is already decided; a malformed tail only ends the request.
    }
  };
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      const part = next.value;
      if (part.type === 'file') {
        if (part.fieldname === fieldName) {
          file = { filename: part.filename, stream: part.file };
          break;
        }
        await drain(part.file);
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw bodyError(413, 'multipart field too large');
        fieldBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(String(part.value ?? ''));
        if (fieldBytes > fieldLimit) throw bodyError(413, 'multipart fields too large');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await finish();
    const status = (err as Partial<FastifyError>).statusCode;
    if (status !== undefined && status < 500) throw err;
    throw bodyError(400, `malformed multipart body: ${(err as Error).message}`);
  }
  return { fields, file, finish };
}

/** Reads a stream to its end, keeping nothing. */
async function drain(stream: NodeJS.ReadableStream & { readableEnded?: boolean; destroyed?: boolean }) {
  if (stream.readableEnded || stream.destroyed) return;
  for await (const chunk of stream) void chunk;
}
