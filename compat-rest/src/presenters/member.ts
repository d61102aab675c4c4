// A member's catalog scope as ShowDoc's columns, shared by item members and team-item members.
import type { Catalog } from '../../../db/src';
import { s } from '../wire';

/**
 * A member's catalog scope as ShowDoc's columns: `cat_id` holds a single catalog (the legacy field),
 * `cat_ids` the comma-joined list; `cat_name` is 所有目录, the catalog's name, or 多个目录.
 */
export function scopeColumns(catalogs: { getItems(): Catalog[] }): {
  cat_id: string;
  cat_ids: number[];
  cat_name: string;
} {
  const list = [...catalogs.getItems()].sort((a, b) => a.id - b.id);
  const single = list.length === 1 ? list[0] : undefined;
  return {
    cat_id: single ? s(single.id) : '0',
    cat_ids: list.map((c) => c.id),
    cat_name: list.length === 0 ? '所有目录' : single ? single.name : '多个目录',
  };
}
