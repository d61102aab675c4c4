/** The catalog manager's tree as one flat list of rows, and the drop rules over it (spec §4, §5). */

export const MAX_CATALOG_DEPTH = 3;

export interface ModelPage {
  id: number;
  title: string;
  sNumber: number;
}

export interface ModelCatalog {
  id: number;
  name: string;
  sNumber: number;
  pages: readonly ModelPage[];
  catalogs?: readonly ModelCatalog[];
}

export interface ModelTree {
  pages: readonly ModelPage[];
  catalogs: readonly ModelCatalog[];
}

export interface Row {
  /** `c12` or `p34`, unique among rows (the draggable id). */
  key: string;
  kind: 'catalog' | 'page';
  id: number;
  label: string;
  /** The catalog holding the row; null at the item root. */
  parentId: number | null;
  /** 1 for rows at the root. */
  depth: number;
  /** The stored order (smaller first; 99 by default). */
  sNumber: number;
}

export const rowKey = (kind: Row['kind'], id: number) => `${kind === 'catalog' ? 'c' : 'p'}${id}`;

/** Menu order: each level's pages, then its catalogs with their content. */
export function flatten(tree: ModelTree): Row[] {
  const rows: Row[] = [];
  const walk = (
    pages: readonly ModelPage[],
    catalogs: readonly ModelCatalog[],
    parentId: number | null,
    depth: number,
  ) => {
    for (const page of pages)
      rows.push({
        key: rowKey('page', page.id),
        kind: 'page',
        id: page.id,
        label: page.title,
        parentId,
        depth,
        sNumber: page.sNumber,
      });
    for (const catalog of catalogs) {
      rows.push({
        key: rowKey('catalog', catalog.id),
        kind: 'catalog',
        id: catalog.id,
        label: catalog.name,
        parentId,
        depth,
        sNumber: catalog.sNumber,
      });
      walk(catalog.pages, catalog.catalogs ?? [], catalog.id, depth + 1);
    }
  };
  walk(tree.pages, tree.catalogs, null, 1);
  return rows;
}

/** The row and everything below it (a page is a block of one). */
function blockEnd(rows: readonly Row[], index: number): number {
  const head = rows[index];
  let end = index + 1;
  if (head.kind === 'catalog') while (end < rows.length && rows[end].depth > head.depth) end += 1;
  return end;
}

/** How many catalog levels a block spans (0 for a page, 1 for a catalog without sub-catalogs). */
function catalogHeight(block: readonly Row[]): number {
  const head = block[0];
  if (head.kind === 'page') return 0;
  return Math.max(...block.filter((row) => row.kind === 'catalog').map((row) => row.depth - head.depth + 1));
}

/**
 * The catalogs that may hold `catalogId` (or a new catalog when absent), by the rule drops follow: never
 * the catalog itself or one of its descendants, and never so deep that its subtree passes three levels.
 */
export function parentCandidates(rows: readonly Row[], catalogId?: number): Row[] {
  const from =
    catalogId === undefined ? -1 : rows.findIndex((row) => row.kind === 'catalog' && row.id === catalogId);
  const block = from < 0 ? [] : rows.slice(from, blockEnd(rows, from));
  const inside = new Set(block.map((row) => row.key));
  const height = block.length > 0 ? catalogHeight(block) : 1;
  return rows.filter(
    (row) => row.kind === 'catalog' && !inside.has(row.key) && row.depth + height <= MAX_CATALOG_DEPTH,
  );
}

export type DropTarget =
  /** The dragged row's index in the list without it (as the drag library reports). */
  | { type: 'index'; index: number }
  /** Dropped onto another row: inside that catalog. */
  | { type: 'into'; key: string };

export type DropResult =
  | { ok: true; rows: Row[]; draggedKey: string }
  | { ok: false; reason: 'pageInPage' | 'tooDeep' | 'intoItself' | 'unchanged' };

/**
 * Applies a drop. Dropped between rows, the row joins the catalog of the row above it (inside it when
 * that row is a catalog); dropped onto a catalog, it goes last inside it. A page never goes inside a
 * page, a catalog never inside itself, and catalogs nest at most three levels.
 */
export function applyDrop(rows: readonly Row[], draggedKey: string, target: DropTarget): DropResult {
  const from = rows.findIndex((row) => row.key === draggedKey);
  if (from < 0) return { ok: false, reason: 'unchanged' };
  const end = blockEnd(rows, from);
  const block = rows.slice(from, end);
  const blockKeys = new Set(block.map((row) => row.key));
  const rest = [...rows.slice(0, from), ...rows.slice(end)];

  let parentId: number | null;
  let parentDepth: number;
  let insertAt: number;
  if (target.type === 'into') {
    if (blockKeys.has(target.key)) return { ok: false, reason: 'intoItself' };
    const at = rest.findIndex((row) => row.key === target.key);
    if (at < 0) return { ok: false, reason: 'unchanged' };
    const host = rest[at];
    if (host.kind === 'page') return { ok: false, reason: 'pageInPage' };
    parentId = host.id;
    parentDepth = host.depth;
    insertAt = blockEnd(rest, at);
  } else {
    // The library's index counts rows without the dragged one; the row above is found in that list.
    const single = rows.filter((row) => row.key !== draggedKey);
    const above = target.index > 0 ? single[target.index - 1] : undefined;
    if (above && blockKeys.has(above.key)) return { ok: false, reason: 'intoItself' };
    if (!above) {
      parentId = null;
      parentDepth = 0;
      insertAt = 0;
    } else if (above.kind === 'catalog') {
      parentId = above.id;
      parentDepth = above.depth;
      insertAt = rest.findIndex((row) => row.key === above.key) + 1;
    } else {
      parentId = above.parentId;
      parentDepth = above.depth - 1;
      insertAt = rest.findIndex((row) => row.key === above.key) + 1;
    }
  }
  if (parentDepth + catalogHeight(block) > MAX_CATALOG_DEPTH) return { ok: false, reason: 'tooDeep' };

  const shift = parentDepth + 1 - block[0].depth;
  const moved = block.map((row, i) => ({
    ...row,
    depth: row.depth + shift,
    parentId: i === 0 ? parentId : row.parentId,
  }));
  const next = [...rest.slice(0, insertAt), ...moved, ...rest.slice(insertAt)];
  return { ok: true, rows: normalize(next), draggedKey };
}

/** Re-sorts every level into menu order (pages before catalogs), keeping the relative order. */
function normalize(rows: readonly Row[]): Row[] {
  const children = new Map<number | null, Row[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const out: Row[] = [];
  const walk = (parentId: number | null) => {
    const list = children.get(parentId) ?? [];
    for (const row of list.filter((r) => r.kind === 'page')) out.push(row);
    for (const row of list.filter((r) => r.kind === 'catalog')) {
      out.push(row);
      walk(row.id);
    }
  };
  walk(null);
  return out;
}

export interface TreeChange {
  catalogId?: number;
  pageId?: number;
  parentId: number | null;
  sNumber: number;
}

/** New positions by row: parent and order (1, 2, ... among same-kind siblings). */
function positions(rows: readonly Row[]): Map<string, { parentId: number | null; sNumber: number }> {
  const counters = new Map<string, number>();
  const out = new Map<string, { parentId: number | null; sNumber: number }>();
  for (const row of rows) {
    const counter = `${row.kind}:${row.parentId ?? 'root'}`;
    const sNumber = (counters.get(counter) ?? 0) + 1;
    counters.set(counter, sNumber);
    out.set(row.key, { parentId: row.parentId, sNumber });
  }
  return out;
}

/**
 * What a drop changed, for `moveTree`: rows whose parent or stored order differs from the new layout
 * (stored orders default to 99, so the first drop in a level numbers that level once).
 */
export function changesBetween(before: readonly Row[], after: readonly Row[]): TreeChange[] {
  const old = new Map(before.map((row) => [row.key, { parentId: row.parentId, sNumber: row.sNumber }]));
  const now = positions(after);
  const changes: TreeChange[] = [];
  for (const row of after) {
    const was = old.get(row.key);
    const is = now.get(row.key);
    if (!is) continue;
    if (was && was.parentId === is.parentId && was.sNumber === is.sNumber) continue;
    changes.push({
      ...(row.kind === 'catalog' ? { catalogId: row.id } : { pageId: row.id }),
      parentId: is.parentId,
      sNumber: is.sNumber,
    });
  }
  return changes;
}
