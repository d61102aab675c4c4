import { describe, expect, it } from '@jest/globals';
import { contentDisposition, parseRange } from './file-delivery';
import { checkContent, checkFileName, sanitizeFileName, sniff } from './file-rules';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const codeOf = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (err) {
    return (err as { codeName?: string }).codeName ?? 'not a domain error';
  }
};

describe('file names', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\report.pdf', 'report.pdf'],
    ['shell.php. . ', 'shell.php'],
    ['a\u0000b<c>.txt', 'a_b_c_.txt'],
    ['...', 'file'],
    ['  spaced   name .txt', 'spaced name .txt'],
  ])('keeps %j as %j', (raw, safe) => {
    expect(sanitizeFileName(raw)).toBe(safe);
  });

  it('keeps the extension of a name cut to 200 characters', () => {
    const name = sanitizeFileName(`${'x'.repeat(300)}.docx`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it("applies ShowDoc's blacklist to everyone and its whitelist to non-admins", () => {
    expect(codeOf(() => checkFileName('a.php.jpg', true))).toBe('FileTypeForbidden');
    expect(codeOf(() => checkFileName('x.HtAccess', true))).toBe('FileTypeForbidden');
    expect(codeOf(() => checkFileName('tool.exe', false))).toBe('FileTypeNotAllowed');
    expect(codeOf(() => checkFileName('README', false))).toBe('FileTypeNotAllowed');
    expect(codeOf(() => checkFileName('tool.exe', true))).toBeNull();
    expect(codeOf(() => checkFileName('Photo.JPG', false))).toBeNull();
  });
});

describe('file content', () => {
  it('accepts bytes that are what the extension says', async () => {
    expect(checkContent('a.png', await sniff(PNG))).toBe('image/png');
    expect(checkContent('a.txt', await sniff(Buffer.from('hello')))).toBe('text/plain');
  });

  it('refuses spoofed extensions both ways', async () => {
    expect(codeOf(() => checkContent('a.jpg', undefined))).toBe('FileTypeMismatch');
    const png = await sniff(PNG);
    expect(codeOf(() => checkContent('a.gif', png))).toBe('FileTypeMismatch');
    expect(codeOf(() => checkContent('a.txt', png))).toBe('FileTypeMismatch');
  });
});

describe('byte ranges', () => {
  it.each([
    ['bytes=0-4', { start: 0, end: 4 }],
    ['bytes=5-', { start: 5, end: 9 }],
    ['bytes=-3', { start: 7, end: 9 }],
    ['bytes=8-100', { start: 8, end: 9 }],
    ['bytes=10-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-2', undefined],
    ['bytes=0-1,4-5', undefined],
    ['items=0-1', undefined],
  ])('reads %s of 10 bytes as %j', (header, expected) => {
    expect(parseRange(header, 10)).toEqual(expected);
  });
});

describe('content disposition', () => {
  it('sends the UTF-8 name with an ASCII fallback', () => {
    expect(contentDisposition('attachment', '报告 v1.pdf')).toBe(
      `attachment; filename="__ v1.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20v1.pdf`,
    );
    expect(contentDisposition('inline', `it's (1).png`)).toBe(
      `inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});
