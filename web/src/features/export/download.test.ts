import { describe, expect, it } from '@jest/globals';
import { fileNameOf } from './download';
import { catalogOptions } from './ExportPage';

describe('export download helpers', () => {
  it('reads the UTF-8 file name first, then the plain one', () => {
    expect(fileNameOf("attachment; filename=a_.zip; filename*=UTF-8''%E5%AF%BC%E5%87%BA.zip", 'x')).toBe(
      '导出.zip',
    );
    expect(fileNameOf('attachment; filename=showdoc.zip', 'x')).toBe('showdoc.zip');
    expect(fileNameOf(null, 'fallback')).toBe('fallback');
  });

  it('lists catalogs three levels deep, indented by level', () => {
    const leaf = (id: number, name: string) => ({ id, name, pages: [], catalogs: [] });
    const options = catalogOptions({
      pages: [],
      catalogs: [
        {
          id: 1,
          name: 'A',
          pages: [{ id: 9, title: 'p' }],
          catalogs: [{ id: 2, name: 'B', pages: [], catalogs: [leaf(3, 'C')] }],
        },
      ],
    } as never);
    expect(options.map((o) => [o.id, o.label])).toEqual([
      [1, 'A'],
      [2, '\u00a0\u00a0B'],
      [3, '\u00a0\u00a0\u00a0\u00a0C'],
    ]);
    expect(options[0]!.pages).toEqual([{ id: 9, title: 'p' }]);
  });
});
