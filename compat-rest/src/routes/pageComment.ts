// ShowDoc 3.x page comments (compat-notes §10): `page_comment/getList`, `add`, `delete`.
import { action, type Controller } from '../action';
import { unescapeHtml } from '../form-values';
import { int, str } from '../params';
import { commentRow } from '../presenters/comment';

export const pageComment: Controller = {
  /** Empty (not an error) when the item does not allow comments, as ShowDoc answers. */
  getList: action({
    auth: 'opt',
    params: { page_id: int(), page: int(1), count: int(20) },
    async handle({ services, viewer }, p) {
      const list = await services.comments.list(viewer, p.page_id, { page: p.page, count: p.count });
      return { total: list.total, page: list.page, comments: list.comments.map(commentRow) };
    },
  }),

  add: action({
    auth: 'login',
    params: { page_id: int(), content: str(), parent_id: int() },
    async handle({ services, viewer }, p) {
      // ShowDoc's clients may send the text already escaped: it is stored once, unescaped.
      const comment = await services.comments.add(viewer, p.page_id, {
        content: unescapeHtml(p.content),
        parentId: p.parent_id > 0 ? p.parent_id : null,
      });
      return { comment_id: comment.id, message: '评论成功' };
    },
  }),

  delete: action({
    auth: 'login',
    params: { comment_id: int() },
    async handle({ services, viewer }, p) {
      await services.comments.delete(viewer, p.comment_id);
      return { message: '删除成功' };
    },
  }),
};
