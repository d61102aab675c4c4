import { allowedItemsOf } from '../../../api/src/domain';
import type { UserAiToken } from '../../../db/src';
import { localTime, type Wire } from '../wire';

/** A `user_ai_token` row as ShowDoc lists it (the token itself never: only its preview). */
export function aiTokenRow(row: UserAiToken): Wire {
  return {
    id: row.id,
    uid: row.user.id,
    name: row.name,
    permission: row.permission,
    scope: row.scope,
    allowed_items: allowedItemsOf(row),
    can_create_item: row.canCreateItem ? 1 : 0,
    can_delete_item: row.canDeleteItem ? 1 : 0,
    auto_add_created_item: row.autoAddCreatedItem ? 1 : 0,
    expires_at: row.expiresAt ? localTime(row.expiresAt) : null,
    created_at: localTime(row.createdAt),
    last_used_at: row.lastUsedAt ? localTime(row.lastUsedAt) : null,
    is_active: row.isActive ? 1 : 0,
    token_preview: row.tokenPreview,
  };
}
