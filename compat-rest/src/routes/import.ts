import { DomainError, type ImportFormat } from '../../../api/src/domain';
import { action, type ActionContext, type Controller } from '../action';
import { int, str } from '../params';
import type { Wire } from '../wire';

/**
 * compat-api §17: a multipart `file`, `item_id` (0 = a new item) and `from` (`runapi` kept RunApi JSON
 * pages in ShowDoc; Quire always writes the markdown rendering, which RunApi items also show).
 */
function importAction(format: ImportFormat) {
  return action({
    auth: 'login',
    fileField: 'file',
    fileLimit: (services) => services.imports.uploadLimit(),
    params: { item_id: int(), from: str() },
    async handle(ctx: ActionContext, p): Promise<Wire> {
      const { services, viewer } = ctx;
      if (!ctx.file) throw new DomainError('ImportFileMissing');
      const data = await services.imports.readUpload(ctx.file.stream);
      const result = await services.imports.importFile(viewer, {
        fileName: ctx.file.filename,
        data,
        itemId: p.item_id,
        format,
      });
      // ShowDoc answers a markdown tree with `[]` and every other import with the item's id.
      return result.kind === 'markdown-zip' ? [] : { item_id: result.itemId };
    },
  });
}

export const importAuto: Controller = { auto: importAction('auto') };
export const importSwagger: Controller = { import: importAction('swagger') };
export const importPostman: Controller = { import: importAction('postman') };
