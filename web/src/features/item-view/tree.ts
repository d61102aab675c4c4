/** The item menu as the tree shows it (structurally the generated MenuTree fragment types). */
export interface TreePage {
  id: number;
  title: string;
  isDraft?: boolean;
}

export interface TreeCatalog {
  id: number;
  name: string;
  pages: readonly TreePage[];
  catalogs?: readonly TreeCatalog[];
}

export interface Tree {
  pages: readonly TreePage[];
  catalogs: readonly TreeCatalog[];
}

/** Pages in menu order: root pages first, then each catalog's pages before its sub-catalogs. */
export function pagesInOrder(tree: Tree): TreePage[] {
  const out: TreePage[] = [...tree.pages];
  const walk = (catalogs: readonly TreeCatalog[]) => {
    for (const catalog of catalogs) {
      out.push(...catalog.pages);
      walk(catalog.catalogs ?? []);
    }
  };
  walk(tree.catalogs);
  return out;
}

/** The page an item opens on when the address names none: the first one in menu order. */
export function firstPageId(tree: Tree): number | null {
  return pagesInOrder(tree)[0]?.id ?? null;
}

export function findPage(tree: Tree, pageId: number): TreePage | null {
  return pagesInOrder(tree).find((page) => page.id === pageId) ?? null;
}

export function allCatalogIds(tree: Tree): number[] {
  const ids: number[] = [];
  const walk = (catalogs: readonly TreeCatalog[]) => {
    for (const catalog of catalogs) {
      ids.push(catalog.id);
      walk(catalog.catalogs ?? []);
    }
  };
  walk(tree.catalogs);
  return ids;
}

/** The catalogs to open to show a page, top first; empty for a root page or an unknown one. */
export function catalogPathOf(tree: Tree, pageId: number): number[] {
  const walk = (catalogs: readonly TreeCatalog[], path: number[]): number[] | null => {
    for (const catalog of catalogs) {
      const here = [...path, catalog.id];
      if (catalog.pages.some((page) => page.id === pageId)) return here;
      const below = walk(catalog.catalogs ?? [], here);
      if (below) return below;
    }
    return null;
  };
  return walk(tree.catalogs, []) ?? [];
}

/**
 * The tree narrowed to a keyword: pages whose title contains it (ignoring case), or whose id is in
 * `alsoPageIds` (content matches from the server), inside the catalogs that hold them. A catalog whose
 * own name matches keeps all of its content. A blank keyword gives the whole tree back (spec §2).
 */
export function filterTree(tree: Tree, keyword: string, alsoPageIds: ReadonlySet<number> = new Set()): Tree {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return tree;
  const pageMatches = (page: TreePage) =>
    page.title.toLowerCase().includes(needle) || alsoPageIds.has(page.id);
  const filterCatalogs = (catalogs: readonly TreeCatalog[]): TreeCatalog[] =>
    catalogs.flatMap((catalog) => {
      if (catalog.name.toLowerCase().includes(needle)) return [catalog];
      const pages = catalog.pages.filter(pageMatches);
      const children = filterCatalogs(catalog.catalogs ?? []);
      return pages.length > 0 || children.length > 0 ? [{ ...catalog, pages, catalogs: children }] : [];
    });
  return { pages: tree.pages.filter(pageMatches), catalogs: filterCatalogs(tree.catalogs) };
}
