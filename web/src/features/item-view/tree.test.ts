import { describe, expect, it } from '@jest/globals';
import { allCatalogIds, catalogPathOf, filterTree, firstPageId, type Tree } from './tree';

const tree: Tree = {
  pages: [{ id: 1, title: 'Readme' }],
  catalogs: [
    {
      id: 10,
      name: 'Users',
      pages: [{ id: 2, title: 'Login' }],
      catalogs: [{ id: 11, name: 'Admin', pages: [{ id: 3, title: 'Ban a user' }], catalogs: [] }],
    },
    { id: 20, name: 'Orders', pages: [{ id: 4, title: 'Create an order' }], catalogs: [] },
  ],
};

describe('tree helpers', () => {
  it('opens on the first page in menu order', () => {
    expect(firstPageId(tree)).toBe(1);
    expect(firstPageId({ pages: [], catalogs: tree.catalogs })).toBe(2);
    expect(firstPageId({ pages: [], catalogs: [] })).toBeNull();
  });

  it('finds the catalogs above a page', () => {
    expect(catalogPathOf(tree, 3)).toEqual([10, 11]);
    expect(catalogPathOf(tree, 1)).toEqual([]);
    expect(allCatalogIds(tree)).toEqual([10, 11, 20]);
  });

  it('narrows the tree to matching titles inside their catalogs', () => {
    expect(filterTree(tree, 'USER')).toEqual({
      pages: [],
      catalogs: [
        // The catalog's own name matches: it keeps everything.
        tree.catalogs[0],
      ],
    });
    expect(filterTree(tree, 'ban')).toEqual({
      pages: [],
      catalogs: [
        {
          id: 10,
          name: 'Users',
          pages: [],
          catalogs: [{ id: 11, name: 'Admin', pages: [{ id: 3, title: 'Ban a user' }], catalogs: [] }],
        },
      ],
    });
  });

  it('keeps pages the server found by content', () => {
    const result = filterTree(tree, 'payload', new Set([4]));
    expect(result.catalogs.map((c) => c.id)).toEqual([20]);
  });

  it('gives the whole tree back for a blank keyword', () => {
    expect(filterTree(tree, '   ')).toBe(tree);
  });
});
