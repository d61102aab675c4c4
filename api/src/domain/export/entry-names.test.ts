import { describe, expect, it } from '@jest/globals';
import { fileSignsIn, rewriteFileLinks } from './export-attachments';
import { sanitizeEntryName, UniqueNames, UNNAMED } from './entry-names';
import { markdownPaths } from './markdown-zip';

describe('zip entry names (compat-api §16.3)', () => {
  it('replaces unsafe and control characters, collapses runs and trims', () => {
    expect(sanitizeEntryName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(sanitizeEntryName('x\u0001\u0002y')).toBe('x_y');
    expect(sanitizeEntryName('  name...  ')).toBe('name');
    expect(sanitizeEntryName('a..b')).toBe('a.b');
  });

  it('suffixes Windows reserved names, names nothing 未命名 and keeps 200 characters', () => {
    expect(sanitizeEntryName('CON')).toBe('CON_');
    expect(sanitizeEntryName('lpt1.txt')).toBe('lpt1.txt_');
    expect(sanitizeEntryName(' ... ')).toBe(UNNAMED);
    expect(Array.from(sanitizeEntryName('中'.repeat(300)))).toHaveLength(200);
  });

  it('numbers duplicates _1, _2 in one folder, case-insensitively', () => {
    const names = new UniqueNames();
    expect([names.take('Page', '.md'), names.take('page', '.md'), names.take('Page', '.md')]).toEqual([
      'Page.md',
      'page_1.md',
      'Page_2.md',
    ]);
  });

  it('places pages in catalog folders', () => {
    const page = (id: number, title: string) => ({ id, title, catalogId: null, sNumber: 1, comments: '' });
    const paths = markdownPaths({
      pages: [page(1, 'Root')],
      catalogs: [
        {
          id: 10,
          name: 'A/B',
          parentId: null,
          level: 1,
          sNumber: 1,
          pages: [page(2, 'x'), page(3, 'x')],
          catalogs: [
            { id: 11, name: 'Sub', parentId: 10, level: 2, sNumber: 1, pages: [page(4, 'y?')], catalogs: [] },
          ],
        },
      ],
    });
    expect([...paths.values()]).toEqual(['Root.md', 'A_B/x.md', 'A_B/x_1.md', 'A_B/Sub/y_.md']);
  });
});

describe('file links in page markdown', () => {
  const sign = 'ab'.repeat(16);
  it("finds ShowDoc's visitFile addresses and Quire's /files/ addresses, and rewrites only bundled ones", () => {
    const md = `![a](http://h/server/?s=/api/attachment/visitFile&sign=${sign}) [b](/files/${'cd'.repeat(16)}/b.pdf) [c](https://x.org)`;
    expect(fileSignsIn(md)).toEqual([sign, 'cd'.repeat(16)]);
    const out = rewriteFileLinks(md, (s) => (s === sign ? 'ab_pic 1.png' : undefined), '../attachments/');
    expect(out).toBe(
      `![a](../attachments/ab_pic%201.png) [b](/files/${'cd'.repeat(16)}/b.pdf) [c](https://x.org)`,
    );
  });
});
