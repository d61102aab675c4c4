import type { FileService } from '../files/file.service';
import type { Viewer } from '../viewer';
import { sanitizeEntryName, UniqueNames } from './entry-names';

/**
 * A file address in page markdown: ShowDoc's `…visitFile&sign=<hex>` (query or `/sign/<hex>` path form)
 * or Quire's `/files/<hex>`, with whatever host or prefix it was written with. The marker is matched first
 * and the address widened around it by hand: a pattern starting with "any URL characters" backtracks
 * quadratically over long runs of text without spaces.
 */
const FILE_MARKER = /(?:[?&]sign=|\/sign\/|\/files\/)([0-9a-f]{32,64})/gi;
const URL_CHAR = /[^\s()"'<>[\]]/;

interface FileUrl {
  start: number;
  end: number;
  sign: string;
}

function fileUrls(markdown: string): FileUrl[] {
  const out: FileUrl[] = [];
  let floor = 0;
  for (const match of markdown.matchAll(FILE_MARKER)) {
    if (match.index < floor) continue;
    let start = match.index;
    while (start > floor && URL_CHAR.test(markdown[start - 1]!)) start--;
    let end = match.index + match[0].length;
    while (end < markdown.length && URL_CHAR.test(markdown[end]!)) end++;
    out.push({ start, end, sign: match[1]!.toLowerCase() });
    floor = end;
  }
  return out;
}

/** One bundled file must stay under this; bigger ones keep their link to the server. */
export const EXPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;

export interface BundledFile {
  sign: string;
  /** Name inside `attachments/` (unique, sanitised). */
  name: string;
  mimeType: string;
  bytes: Buffer;
}

/** The signs a page's markdown refers to, in order of appearance, each once. */
export function fileSignsIn(markdown: string): string[] {
  return [...new Set(fileUrls(markdown).map((url) => url.sign))];
}

/** Replaces each file address of a bundled file with `prefix + name`; others stay as they are. */
export function rewriteFileLinks(
  markdown: string,
  nameOf: (sign: string) => string | undefined,
  prefix: string,
): string {
  let out = '';
  let at = 0;
  for (const url of fileUrls(markdown)) {
    const name = nameOf(url.sign);
    if (name === undefined) continue;
    out += markdown.slice(at, url.start) + prefix + encodeURI(name);
    at = url.end;
  }
  return out + markdown.slice(at);
}

/**
 * The files one export bundles, fetched once each whatever the number of pages using them, through the
 * files service (so only files the exporting user may read are bundled).
 */
export class ExportFiles {
  private readonly bySign = new Map<string, BundledFile | null>();
  private readonly names = new UniqueNames();

  constructor(
    private readonly files: FileService,
    private readonly viewer: Viewer,
  ) {}

  /** The bundled files a page refers to (fetching the new ones). */
  async of(markdown: string): Promise<BundledFile[]> {
    const out: BundledFile[] = [];
    for (const sign of fileSignsIn(markdown)) {
      const file = await this.get(sign);
      if (file) out.push(file);
    }
    return out;
  }

  async get(sign: string): Promise<BundledFile | null> {
    if (this.bySign.has(sign)) return this.bySign.get(sign)!;
    const read = await this.files.readForExport(this.viewer, sign, EXPORT_FILE_MAX_BYTES);
    const bundled = read
      ? {
          sign,
          name: this.names.take(`${sign.slice(0, 8)}_${sanitizeEntryName(read.file.displayName)}`),
          mimeType: read.file.fileType,
          bytes: read.bytes,
        }
      : null;
    this.bySign.set(sign, bundled);
    return bundled;
  }

  /** An already fetched file (null: not fetched, or not bundled). */
  peek(sign: string): BundledFile | null {
    return this.bySign.get(sign) ?? null;
  }

  /** The name of an already fetched file. */
  nameOf = (sign: string): string | undefined => this.bySign.get(sign)?.name;
}
