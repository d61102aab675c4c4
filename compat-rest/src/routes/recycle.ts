// compat-api §9: the recycle bin of an item.
import { DomainError } from '../../../api/src/domain';
import { action, type Controller } from '../action';
import { int } from '../params';
import { localTime, s } from '../wire';

export const recycle: Controller = {
  /** Pages deleted one by one and with their catalogs, newest first; managers only. */
  getList: action({
    auth: 'login',
    params: { item_id: int() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0) return [];
      const entries = await services.recycle.list(viewer, p.item_id);
      return entries.map((e) => ({
        id: s(e.id),
        item_id: s(e.item.id),
        page_id: s(e.page.id),
        page_title: e.title,
        del_by_uid: s(e.deletedBy?.id ?? 0),
        del_by_username: e.deletedByName,
        del_time: localTime(e.deletedAt),
      }));
    },
  }),

  /**
   * Brings a page back into its catalog when that catalog still lives, or brings back the catalog it was
   * deleted with; else to the item root (ShowDoc always used the root).
   */
  recover: action({
    auth: 'login',
    params: { item_id: int(), page_id: int() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0 || p.page_id <= 0) throw new DomainError('BadInput');
      await services.recycle.recover(viewer, p.item_id, p.page_id);
      return [];
    },
  }),
};
