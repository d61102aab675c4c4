import type * as Chardet from 'chardet';
import type * as Iconv from 'iconv-lite';
import type * as yauzl from 'yauzl';
import { DomainError } from '../errors';

/** Caps of one imported archive: a zip bomb stops at the first entry that would pass them. */
export interface ZipCaps {
  maxEntries: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_CAPS: ZipCaps = { maxEntries: 10_000, maxTotalBytes: 256 * 1024 * 1024 };

export interface ZipEntry {
  /** The path inside the archive, `/`-separated, decoded to UTF-8 (GBK/BIG5 names converted). */
  name: string;
  data: Buffer;
}

const UTF8_FLAG = 0x800;

/**
 * Reads every file of a ZIP held in memory. Entries with `..` segments or absolute paths are refused
 * (ShowDoc's 10101 `ZIP 文件包含不安全的路径`), as are archives with more entries or more uncompressed
 * bytes than the caps; the sizes are checked against what inflating really produces, not only the header.
 */
export async function readZip(buffer: Buffer, caps: ZipCaps = DEFAULT_ZIP_CAPS): Promise<ZipEntry[]> {
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > caps.maxEntries) throw tooLarge(`more than ${caps.maxEntries} entries`);
    const raw: Array<{ name: Buffer; utf8: boolean; data: Buffer }> = [];
    let total = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      // decodeStrings: false hands over the raw bytes, decoded below once the encoding is known.
      const nameBytes = Buffer.from(entry.fileName as unknown as Uint8Array);
      const isDir = nameBytes[nameBytes.length - 1] === 0x2f;
      total += entry.uncompressedSize;
      if (total > caps.maxTotalBytes) throw tooLarge(`over ${caps.maxTotalBytes} bytes uncompressed`);
      const utf8 = (entry.generalPurposeBitFlag & UTF8_FLAG) !== 0;
      // Names are checked before anything is inflated.
      checkSafe(nameBytes.toString('latin1'));
      if (isDir) continue;
      raw.push({ name: nameBytes, utf8, data: await readEntry(zip, entry) });
    }
    const decode = nameDecoder(raw.filter((e) => !e.utf8).map((e) => e.name));
    return raw.map((e) => {
      const name = (e.utf8 ? e.name.toString('utf8') : decode(e.name)).replace(/\\/g, '/');
      checkSafe(name);
      return { name: name.replace(/^\.\//, ''), data: e.data };
    });
  } finally {
    zip.close();
  }
}

/** True for data that starts like a ZIP archive. */
export function looksLikeZip(data: Buffer): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 3 || data[2] === 5);
}

function checkSafe(name: string): void {
  const path = name.replace(/\\/g, '/');
  if (
    path.startsWith('/') ||
    /^[a-zA-Z]:/.test(path) ||
    path.split('/').includes('..') ||
    path.includes('\0')
  ) {
    throw new DomainError('ImportUnsafePath', {
      en: `The ZIP file contains an unsafe path: ${path.slice(0, 200)}`,
      zh: `ZIP 文件包含不安全的路径：${path.slice(0, 200)}`,
    });
  }
}

/** Names without the UTF-8 flag: UTF-8 when they all decode as such, else GBK or BIG5 as detected. */
function nameDecoder(names: Buffer[]): (name: Buffer) => string {
  const all = Buffer.concat(names);
  if (Buffer.from(all.toString('utf8'), 'utf8').equals(all)) return (name) => name.toString('utf8');
  // Loaded on first use, as yauzl (`openZip`): few requests import a ZIP.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const chardet = require('chardet') as typeof Chardet;
  const iconv = require('iconv-lite') as typeof Iconv;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const guess = (chardet.detect(all) ?? '').toLowerCase();
  const encoding = guess.includes('big5') ? 'big5' : 'gb18030';
  return (name) => iconv.decode(name, encoding);
}

function tooLarge(why: string): DomainError {
  return new DomainError('ImportTooLarge', {
    en: `The ZIP file is too large to import (${why})`,
    zh: `ZIP 文件过大，无法导入（${why}）`,
  });
}

function invalidZip(): DomainError {
  return new DomainError('ImportUnsupported', {
    en: 'The file is not a readable ZIP archive',
    zh: '不支持的文件格式：ZIP 文件无法读取',
  });
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Loaded on first use (issue #14: every module loaded at start stays in the heap).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('yauzl') as typeof yauzl).fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(invalidZip()) : resolve(zip)),
    );
  });
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: yauzl.Entry) => done(() => resolve(entry));
    const onEnd = () => done(() => resolve(null));
    const onError = () => done(() => reject(invalidZip()));
    const done = (settle: () => void) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      settle();
    };
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(invalidZip());
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // validateEntrySizes stops a lying header too, but only at the end: stop as soon as it is passed.
        if (size > entry.uncompressedSize) stream.destroy(tooLarge('an entry larger than it declares'));
        else chunks.push(chunk);
      });
      stream.on('error', (e) => reject(e instanceof DomainError ? e : invalidZip()));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
