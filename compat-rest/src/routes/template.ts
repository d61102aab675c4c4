// compat-api §10: personal page templates and their shares to items. Contents are stored as written;
// ShowDoc's lists HTML-decode them on the way out, which is kept here for its clients.
import { DomainError } from '../../../api/src/domain';
import type { TemplateItem } from '../../../db/src';
import { action, type Controller } from '../action';
import { idList, unescapeHtml } from '../form-values';
import { int, str } from '../params';
import { localTime, s, type Wire } from '../wire';

/** TemplateItemRow: `id, template_id, item_id, uid, username, created_at`. */
function shareRow(share: TemplateItem): Wire {
  return {
    id: s(share.id),
    template_id: s(share.template.id),
    item_id: s(share.item.id),
    uid: s(share.sharedBy.id),
    username: share.sharedBy.username,
    created_at: localTime(share.createdAt),
  };
}

const myList = action({
  auth: 'login',
  params: {},
  async handle({ services, viewer }) {
    const owner = viewer.requireUser();
    const mine = await services.templates.mine(viewer);
    return mine.map(({ template, shares }) => ({
      id: s(template.id),
      uid: s(owner.id),
      username: owner.username,
      template_title: template.title,
      template_content: unescapeHtml(template.content),
      addtime: localTime(template.createdAt),
      share_item: shares.map(shareRow),
      share_item_count: shares.length,
    }));
  },
});

export const template: Controller = {
  save: action({
    auth: 'login',
    params: { template_title: str(), template_content: str() },
    async handle({ services, viewer }, p) {
      const saved = await services.templates.save(viewer, {
        title: p.template_title,
        content: p.template_content,
      });
      return { id: saved.id };
    },
  }),

  getMyList: myList,
  getList: myList,

  /** Templates shared to an item: `id` is the share's, `uid`/`username` the sharer's (as ShowDoc joins them). */
  getItemList: action({
    auth: 'login',
    params: { item_id: int() },
    async handle({ services, viewer }, p) {
      const shares = await services.templates.forItem(viewer, p.item_id);
      return shares.map((share) => ({
        id: s(share.id),
        uid: s(share.sharedBy.id),
        username: share.sharedBy.username,
        template_title: share.template.title,
        template_content: unescapeHtml(share.template.content),
        addtime: localTime(share.template.createdAt),
        template_id: s(share.template.id),
        item_id: s(share.item.id),
        created_at: localTime(share.createdAt),
      }));
    },
  }),

  delete: action({
    auth: 'login',
    params: { id: int() },
    async handle({ services, viewer }, p) {
      if (p.id <= 0)
        throw new DomainError('BadInput', { en: 'The template id is required', zh: '模板ID不能为空' });
      await services.templates.delete(viewer, p.id);
      return [];
    },
  }),

  /** Shares a template to exactly the listed items (comma list); any item the caller may not edit refuses all. */
  shareToItem: action({
    auth: 'login',
    params: { template_id: int(), item_id: str() },
    async handle({ services, viewer }, p) {
      const itemIds = idList(p.item_id);
      if (p.template_id <= 0 || !itemIds.length) throw new DomainError('BadInput');
      await services.templates.shareToItems(viewer, p.template_id, itemIds);
      return [];
    },
  }),

  getShareItemList: action({
    auth: 'login',
    params: { template_id: int() },
    async handle({ services, viewer }, p) {
      if (p.template_id <= 0) {
        throw new DomainError('BadInput', { en: 'The template id is required', zh: '模板ID不能为空' });
      }
      return (await services.templates.sharesOf(viewer, p.template_id)).map(shareRow);
    },
  }),
};
