// ShowDoc's ItemRow, shared by the item and team-item routes.
import type { Item, User } from '../../../db/src';
import { s, ts, type Wire } from '../wire';

/** ShowDoc's ItemRow (compat-api §0.9): every column as a string, `password` in plain text. */
export function itemRow(item: Item, owner: User): { [key: string]: Wire } {
  return {
    item_id: s(item.id),
    item_name: item.name,
    item_description: item.description,
    uid: s(owner.id),
    username: owner.username,
    password: item.password,
    addtime: ts(item.createdAt),
    last_update_time: ts(item.lastUpdateAt),
    item_domain: item.domain ?? '',
    item_type: s(item.type),
    is_archived: s(item.isArchived),
    is_del: s(item.deletedAt !== null),
    allow_comment: s(item.allowComment),
    allow_feedback: s(item.allowFeedback),
  };
}
