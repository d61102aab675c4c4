// ShowDoc 3.x page comment shapes (compat-notes §10): ids as numbers, the text HTML-escaped as ShowDoc
// stores it, `addtime` as unix seconds and `addtime_text` as `Y-m-d H:i` in the server's zone.
import type { CommentView } from '../../../api/src/domain';
import { escapeHtml, localTime, type Wire } from '../wire';

export function commentRow(view: CommentView): Wire {
  const c = view.comment;
  return {
    comment_id: c.id,
    parent_id: c.parent?.id ?? 0,
    uid: c.user?.id ?? 0,
    username: c.username,
    content: escapeHtml(c.content),
    addtime: Math.floor(c.createdAt.getTime() / 1000),
    addtime_text: localTime(c.createdAt).slice(0, 16),
    is_owner: view.mine,
    can_delete: view.canDelete,
    replies: view.replies.map(commentRow),
  };
}
