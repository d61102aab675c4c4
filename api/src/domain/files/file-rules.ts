import { DomainError } from '../errors';

/** ShowDoc's blacklist: no segment of a name's extensions may be one of these, for anyone (compat-api §11). */
const BLACKLIST = new Set(
  (
    'php php3 php4 php5 phtml pht phps php7 php8 jsp jspx jspa jsw jsv asp aspx asa asax ascx ashx cfm cfml ' +
    'pl cgi py sh bash zsh bat cmd com scr vb vbe vbs ws wsf hta htaccess shtml shtm stm'
  ).split(' '),
);

/** ShowDoc's whitelist for everyone but site administrators: the last extension must be one of these. */
const WHITELIST = new Set(
  (
    'jpg jpeg png bmp gif ico webp mp3 wav mp4 mov flac mkv zip tar gz tgz ipa apk rar iso pdf epub xps ' +
    'doc docx wps ppt pptx xls xlsx txt psd csv cer pub json css'
  ).split(' '),
);

/** Editor images (spec 001 §2). */
export const EDITOR_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'bmp', 'webp'] as const;

/** Types a browser may show inline: raster images only (SVG carries script, so it is always a download). */
export const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/bmp',
  'image/webp',
  'image/x-icon',
]);

/**
 * What the bytes of a file of each extension must sniff as (file-type's extension names). An extension
 * listed here always has a signature, so a file claiming it without one is refused as spoofed.
 */
const SIGNATURES: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  webp: ['webp'],
  ico: ['ico', 'cur', 'png'],
  pdf: ['pdf', 'ai'],
  zip: ['zip'],
  rar: ['rar'],
  gz: ['gz'],
  tgz: ['gz'],
  tar: ['tar'],
  '7z': ['7z'],
  // Office Open XML, e-books and phone apps are zip archives underneath.
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  epub: ['epub', 'zip'],
  apk: ['apk', 'zip', 'jar'],
  ipa: ['zip'],
  xps: ['xps', 'zip'],
  // Legacy Office files are OLE compound documents.
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  wps: ['cfb'],
  mp3: ['mp3'],
  wav: ['wav'],
  flac: ['flac'],
  mp4: ['mp4', 'm4v', 'm4a', 'mov', 'f4v'],
  mov: ['mov', 'mp4', 'qt'],
  mkv: ['mkv', 'webm'],
  psd: ['psd'],
  iso: ['iso'],
};

/** The sniffed formats that may stand for each other beyond the table above (jpg is also jpeg...). */
function claimAllows(claimed: string, sniffed: string): boolean {
  const allowed = SIGNATURES[claimed];
  if (allowed) return allowed.includes(sniffed);
  return claimed === sniffed;
}

/** Media types of formats without a signature, by extension; anything else is a plain byte stream. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  css: 'text/css',
  md: 'text/markdown',
  svg: 'image/svg+xml',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
};

const MAX_NAME_LENGTH = 200;

/**
 * A user's file name made safe to show and to send back in a header: no folders (`../`, `C:\`), no control
 * characters, no trailing dots or spaces (`a.php.` is `a.php` to some servers), at most 200 characters with
 * the extension kept. The name is only ever shown; storage keys never come from it.
 */
export function sanitizeFileName(raw: string): string {
  let name = raw.normalize('NFC');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  name = name
    // eslint-disable-next-line no-control-regex -- control characters are what is removed here
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/[. ]+$/, '')
    .replace(/^[. ]+/, '')
    .trim();
  if (name.length > MAX_NAME_LENGTH) {
    const ext = extensionOf(name);
    const keep = ext && ext.length < 20 ? `.${ext}` : '';
    name = name.slice(0, MAX_NAME_LENGTH - keep.length) + keep;
  }
  return name || 'file';
}

/** The last extension, lower-cased ('' for none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The blacklist for everyone, then the whitelist for non-administrators (checked on the sanitised name). */
export function checkFileName(name: string, isAdmin: boolean): void {
  const segments = name.toLowerCase().split('.').slice(1);
  if (segments.some((segment) => BLACKLIST.has(segment.trim()))) throw new DomainError('FileTypeForbidden');
  if (!isAdmin && !WHITELIST.has(extensionOf(name))) throw new DomainError('FileTypeNotAllowed');
}

export function checkEditorImageName(name: string): void {
  if (!(EDITOR_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name)))
    throw new DomainError('ImageTypeNotAllowed');
}

export interface Sniffed {
  ext: string;
  mime: string;
}

/**
 * The file's type from its first bytes, checked against its extension: a claimed format with a signature
 * must have it, and bytes with a signature must be what the extension says. Returns the media type to
 * store.
 */
export function checkContent(name: string, sniffed: Sniffed | undefined): string {
  const claimed = extensionOf(name);
  if (sniffed) {
    if (!claimAllows(claimed, sniffed.ext)) throw new DomainError('FileTypeMismatch');
    return sniffed.mime;
  }
  if (SIGNATURES[claimed]) throw new DomainError('FileTypeMismatch');
  return TEXT_TYPES[claimed] ?? 'application/octet-stream';
}

/** How many leading bytes the sniffer needs (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

type FileTypeModule = typeof import('file-type/core', { with: { 'resolution-mode': 'import' } });
let fileTypeModule: Promise<FileTypeModule> | null = null;

/** file-type is ESM-only: loaded once with a real `import()` (TypeScript's node16 output keeps it as one). */
export async function sniff(head: Buffer): Promise<Sniffed | undefined> {
  fileTypeModule ??= import('file-type/core');
  const { fileTypeFromBuffer } = await fileTypeModule;
  const found = await fileTypeFromBuffer(head);
  return found ? { ext: found.ext, mime: found.mime } : undefined;
}
