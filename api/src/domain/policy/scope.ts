import { DomainError } from '../errors';
import { PolicyService, type ItemRights } from './policy.service';

/**
 * A catalog-scoped member sees the pages of the top-level catalogs in the scope, and nothing else: root
 * pages (in no catalog) are outside every scope (issue #15). ShowDoc shows them in such a member's menu
 * and lets them read any page by id; a scope means "only these catalogs", so Quire refuses both.
 */
export function pageVisibleInScope(rights: ItemRights, topCatalogId: number | null): boolean {
  return PolicyService.inScope(rights, topCatalogId);
}

/**
 * Writes by a catalog-scoped editor stay inside the scope (ShowDoc let them write anywhere, which also
 * let them read any page through the save answer). Root pages are writable only to those who read them
 * (no catalog scope); a catalog at the top level is not (it would fall outside an edit scope). A member
 * who edits some catalogs and only reads others (grants that differ per catalog) writes only in the former.
 */
export function requireWritableScope(
  rights: ItemRights,
  topCatalogId: number | null,
  target: 'page' | 'catalog',
): void {
  if (writableInScope(rights, topCatalogId, target)) return;
  throw new DomainError('ItemEditDenied', {
    en: 'Your membership of this item is limited to other catalogs',
    zh: '您没有该目录的编辑权限',
  });
}

/** Whether a catalog scope limits where the viewer writes (else `requireWritableScope` passes anywhere). */
export function writesAreScoped(rights: ItemRights): boolean {
  return rights.catalogScope !== null || rights.editScope !== null;
}

function writableInScope(
  rights: ItemRights,
  topCatalogId: number | null,
  target: 'page' | 'catalog',
): boolean {
  if (!writesAreScoped(rights)) return true;
  if (topCatalogId === null) return target === 'page' && rights.catalogScope === null;
  return PolicyService.inEditScope(rights, topCatalogId);
}

/**
 * May the viewer manage a page's single-page link (see it, create it, revoke it)? The same rule as
 * writing the page: a share key is a writer's tool (spec 001 §6), never shown to a read-only member.
 */
export function maySharePage(rights: ItemRights, topCatalogId: number | null): boolean {
  return rights.edit && writableInScope(rights, topCatalogId, 'page');
}
