import { describe, expect, it } from '@jest/globals';
import { formatSize } from './formatSize';
import { isEditorImage, markdownFor } from './uploadFile';

describe('markdown for an uploaded file', () => {
  it('is an image for images and a link for other files', () => {
    const file = { name: 'shot.png', url: '/files/abc/shot.png' };
    expect(markdownFor(file, true)).toBe('![shot.png](/files/abc/shot.png)');
    expect(markdownFor({ name: 'a.pdf', url: '/files/abc/a.pdf' }, false)).toBe('[a.pdf](/files/abc/a.pdf)');
  });

  it('keeps brackets in the name and parentheses or spaces in the url from ending the link', () => {
    expect(markdownFor({ name: 'v[2].pdf', url: '/files/abc/v (2).pdf' }, false)).toBe(
      '[v\\[2\\].pdf](/files/abc/v%20%282%29.pdf)',
    );
  });
});

describe('editor images', () => {
  it('are jpg, jpeg, gif, png, bmp or webp by name, or by type when the name has no extension', () => {
    const file = (name: string, type = '') => new File(['x'], name, { type });
    expect(
      ['a.JPG', 'b.jpeg', 'c.gif', 'd.png', 'e.bmp', 'f.webp'].every((n) => isEditorImage(file(n))),
    ).toBe(true);
    expect(isEditorImage(file('drawing.svg', 'image/svg+xml'))).toBe(false);
    expect(isEditorImage(file('report.pdf', 'application/pdf'))).toBe(false);
    expect(isEditorImage(file('blob', 'image/png'))).toBe(true);
    expect(isEditorImage(file('blob', 'image/svg+xml'))).toBe(false);
  });
});

describe('formatSize', () => {
  it('reads bytes as B, KB, MB and GB', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});
