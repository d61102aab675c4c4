import { DomainError } from '../errors';
import { PolicyService, type ItemRights } from './policy.service';

/**
 * A catalog-scoped member sees the pages of the top-level catalogs in the scope, and the item's root
 * pages, which stay visible as in ShowDoc's menu (compat-data §10.6). ShowDoc let such members read any
 * page by id; Quire refuses pages outside the scope on every read path.
 */
export function pageVisibleInScope(rights: ItemRights, topCatalogId: number | null): boolean {
  return topCatalogId === null || PolicyService.inScope(rights, topCatalogId);
}

/**
 * Writes by a catalog-scoped editor stay inside the scope (ShowDoc let them write anywhere, which also
 * let them read any page through the save answer). Root pages are theirs to write as they are to read;
 * a catalog at the top level is not (it would fall outside their own scope). A member who edits some
 * catalogs and only reads others (grants that differ per catalog) writes only in the former.
 */
export function requireWritableScope(
  rights: ItemRights,
  topCatalogId: number | null,
  target: 'page' | 'catalog',
): void {
  if (rights.catalogScope === null && rights.editScope === null) return;
  if (topCatalogId === null ? target === 'page' : PolicyService.inEditScope(rights, topCatalogId)) return;
  throw new DomainError('ItemEditDenied', {
    en: 'Your membership of this item is limited to other catalogs',
    zh: '您没有该目录的编辑权限',
  });
}
