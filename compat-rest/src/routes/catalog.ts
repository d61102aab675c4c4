import { DomainError, type DraggedThing, type TreeChange } from '../../../api/src/domain';
import { action, type Controller } from '../action';
import { refuseForbiddenDecoded } from '../input-guard';
import { optionalInt } from '../document-wire';
import { catalogGroupRow, catalogRow } from '../presenters/document';
import { unescapeHtml } from '../form-values';
import { int, str } from '../params';
import { s, type Wire } from '../wire';

/** ShowDoc's catalog endpoints refuse with 10103 where the rest of the API says 10303 or 10101. */
async function catalogCodes<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof DomainError && err.codeName === 'ItemVisitDenied')
      throw new DomainError('CatalogVisitDenied');
    if (err instanceof DomainError && err.codeName === 'ItemEditDenied') {
      throw new DomainError('CatalogEditDenied', err.detail);
    }
    throw err;
  }
}

const badInput = () => new DomainError('BadInput');

/** JSON sent as a form string, escaped or not; null when it does not decode (ShowDoc then answers `[]`). */
function decodeJson(text: string): unknown {
  let decoded: unknown;
  try {
    decoded = JSON.parse(unescapeHtml(text));
  } catch {
    return null;
  }
  return refuseForbiddenDecoded(decoded);
}

/** One element of `batUpdate`'s `cats` (compat-api §6.5) as a domain change, or null to skip it. */
function treeChange(element: unknown): TreeChange | null {
  if (!element || typeof element !== 'object') return null;
  const field = (name: string): unknown =>
    Object.hasOwn(element, name) ? Reflect.get(element, name) : undefined;
  const catalogId = int().parse(field('cat_id'));
  const pageId = int().parse(field('page_id'));
  const name = str().parse(field('cat_name'));
  const sNumber = field('s_number') === undefined ? undefined : int().parse(field('s_number'));
  const parentId = int().parse(field('parent_cat_id')) || null;
  // ShowDoc updates a catalog only when its element carries a name.
  if (catalogId > 0 && name) return { catalogId, parentId, sNumber, name };
  if (pageId > 0) return { pageId, parentId, sNumber };
  return null;
}

export const catalog: Controller = {
  /** The tree; a scoped member gets their catalogs with whole sub-trees (ShowDoc emptied the `sub`s). */
  catListGroup: action({
    auth: 'opt',
    params: { item_id: int() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0) return [];
      const tree = await catalogCodes(services.catalogs.tree(viewer, p.item_id));
      return tree.map(catalogGroupRow);
    },
  }),

  catListName: action({
    auth: 'opt',
    params: { item_id: int() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0) return [];
      const list = await catalogCodes(services.catalogs.flatList(viewer, p.item_id));
      return list.map((n) => catalogRow(n.catalog, n.level, { time: 'local', name: n.path.join('/') }));
    },
  }),

  catList: action({
    auth: 'opt',
    params: { item_id: int() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0) return [];
      const list = await catalogCodes(services.catalogs.flatList(viewer, p.item_id));
      return list.map((n) => catalogRow(n.catalog, n.level, { time: 'local' }));
    },
  }),

  /** Top-level catalogs (ShowDoc's level 2); a scoped member's only. */
  secondCatList: action({
    auth: 'opt',
    params: { item_id: int() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0) return [];
      const tree = await catalogCodes(services.catalogs.tree(viewer, p.item_id));
      return tree.map((n) => catalogRow(n.catalog, n.level, { time: 'local' }));
    },
  }),

  childCatList: action({
    auth: 'opt',
    params: { cat_id: int() },
    async handle({ services, viewer }, p) {
      if (p.cat_id <= 0) return [];
      const children = await catalogCodes(services.catalogs.children(viewer, p.cat_id));
      return children.map(catalogGroupRow);
    },
  }),

  /** Answers the bare id, not an object: RunApi reads `data` as the number. */
  save: action({
    auth: 'login',
    params: {
      item_id: int(),
      cat_id: int(),
      cat_name: str(),
      parent_cat_id: optionalInt(),
      s_number: int(),
    },
    async handle({ services, viewer }, p) {
      const saved = await catalogCodes(
        services.catalogs.save(viewer, {
          itemId: p.item_id,
          id: p.cat_id > 0 ? p.cat_id : undefined,
          name: p.cat_name,
          // ShowDoc moved a renamed catalog to the top when the parent was omitted; Quire leaves it.
          parentId: p.parent_cat_id === undefined ? undefined : p.parent_cat_id || null,
          sNumber: p.s_number > 0 ? p.s_number : undefined,
        }),
      );
      return saved.id;
    },
  }),

  batUpdate: action({
    auth: 'login',
    params: { item_id: int(), cats: str(), dragged_id: int(), dragged_type: str() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0 || !p.cats) throw badInput();
      const decoded = decodeJson(p.cats);
      if (!Array.isArray(decoded)) return [];
      const changes = decoded.map(treeChange).filter((c): c is TreeChange => c !== null);
      const type: DraggedThing['type'] | null =
        p.dragged_type === 'page' ? 'page' : p.dragged_type === 'catalog' ? 'catalog' : null;
      const dragged = p.dragged_id > 0 && type ? { type, id: p.dragged_id } : undefined;
      await catalogCodes(services.catalogs.moveTree(viewer, p.item_id, changes, dragged));
      return [];
    },
  }),

  /** Pages of deleted catalogs go to the recycle bin (ShowDoc lost them). */
  delete: action({
    auth: 'opt',
    params: { cat_id: int() },
    async handle({ services, viewer }, p) {
      if (p.cat_id <= 0) throw badInput();
      // The catalog is looked up before the login check, as in ShowDoc.
      await catalogCodes(services.catalogs.delete(viewer, p.cat_id));
      return { success: true };
    },
  }),

  getPagesBycat: action({
    auth: 'login',
    params: { item_id: int(), cat_id: int() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0 || p.cat_id <= 0) throw badInput();
      const pages = await catalogCodes(services.catalogs.pagesOf(viewer, p.item_id, p.cat_id));
      return pages.map((page) => ({
        page_id: s(page.id),
        page_title: page.title,
        s_number: s(page.sNumber),
      }));
    },
  }),

  copy: action({
    auth: 'login',
    params: { cat_id: int(), new_p_cat_id: int(), to_item_id: int(), is_del: int() },
    async handle({ services, viewer }, p): Promise<Wire> {
      if (p.cat_id <= 0) throw badInput();
      const copy = await catalogCodes(
        services.catalogs.copy(viewer, {
          catalogId: p.cat_id,
          toItemId: p.to_item_id > 0 ? p.to_item_id : undefined,
          parentId: p.new_p_cat_id || null,
          move: p.is_del === 1,
        }),
      );
      return catalogRow(copy, copy.level);
    },
  }),

  getDefaultCat: action({
    auth: 'login',
    params: { item_id: int(), page_id: int(), page_history_id: int(), copy_page_id: int() },
    async handle({ services, viewer }, p) {
      const id = await services.catalogs.defaultCatalog(viewer, {
        itemId: p.item_id,
        pageId: p.page_id,
        historyId: p.page_history_id,
        copyPageId: p.copy_page_id,
      });
      return { default_cat_id: id };
    },
  }),
};
