import { describe, expect, it } from '@jest/globals';
import { applyDrop, changesBetween, flatten, parentCandidates, type ModelTree } from './treeModel';

const page = (id: number, sNumber = 99) => ({ id, title: `page ${id}`, sNumber });

// root: p1, p2; c10 (p11; c20 (c30 (p31))); c40
const tree: ModelTree = {
  pages: [page(1, 1), page(2, 2)],
  catalogs: [
    {
      id: 10,
      name: 'ten',
      sNumber: 1,
      pages: [page(11, 1)],
      catalogs: [
        {
          id: 20,
          name: 'twenty',
          sNumber: 1,
          pages: [],
          catalogs: [{ id: 30, name: 'thirty', sNumber: 1, pages: [page(31, 1)] }],
        },
      ],
    },
    { id: 40, name: 'forty', sNumber: 2, pages: [] },
  ],
};

describe('catalog manager drop rules', () => {
  const rows = flatten(tree);

  it('flattens pages before catalogs, with depths', () => {
    expect(rows.map((r) => `${r.key}@${r.depth}`)).toEqual([
      'p1@1',
      'p2@1',
      'c10@1',
      'p11@2',
      'c20@2',
      'c30@3',
      'p31@4',
      'c40@1',
    ]);
  });

  it('refuses a page dropped onto a page', () => {
    expect(applyDrop(rows, 'p1', { type: 'into', key: 'p2' })).toEqual({ ok: false, reason: 'pageInPage' });
  });

  it('refuses nesting catalogs deeper than three levels', () => {
    expect(applyDrop(rows, 'c40', { type: 'into', key: 'c30' })).toEqual({ ok: false, reason: 'tooDeep' });
    // c20 holds c30: two levels, so it fits under a top-level catalog but not under a second-level one.
    expect(applyDrop(rows, 'c20', { type: 'into', key: 'c40' }).ok).toBe(true);
  });

  it('refuses a catalog dropped inside itself', () => {
    expect(applyDrop(rows, 'c10', { type: 'into', key: 'c30' })).toEqual({ ok: false, reason: 'intoItself' });
  });

  it('moves a page into a catalog and sends only what changed', () => {
    const result = applyDrop(rows, 'p1', { type: 'into', key: 'c40' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.find((r) => r.key === 'p1')).toMatchObject({ parentId: 40, depth: 2 });
    expect(changesBetween(rows, result.rows)).toEqual([
      { pageId: 2, parentId: null, sNumber: 1 },
      { pageId: 1, parentId: 40, sNumber: 1 },
    ]);
  });

  it('reorders root pages by index', () => {
    // Without p2 the list is p1, c10...; index 0 puts p2 first.
    const result = applyDrop(rows, 'p2', { type: 'index', index: 0 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.slice(0, 2).map((r) => r.key)).toEqual(['p2', 'p1']);
    expect(changesBetween(rows, result.rows)).toEqual([
      { pageId: 2, parentId: null, sNumber: 1 },
      { pageId: 1, parentId: null, sNumber: 2 },
    ]);
  });

  it('offers as parents only catalogs a drop would accept', () => {
    const keys = (id?: number) => parentCandidates(rows, id).map((r) => r.key);
    // A new catalog (one level) fits under the first two levels.
    expect(keys()).toEqual(['c10', 'c20', 'c40']);
    // c10 spans three levels: only the root can hold it; never itself or its descendants.
    expect(keys(10)).toEqual([]);
    // c20 spans two levels: under a top-level catalog, not under itself or its child c30.
    expect(keys(20)).toEqual(['c10', 'c40']);
    expect(applyDrop(rows, 'c20', { type: 'into', key: 'c40' }).ok).toBe(true);
    // c30 (one level) may go anywhere but under itself or at level three.
    expect(keys(30)).toEqual(['c10', 'c20', 'c40']);
  });
});
