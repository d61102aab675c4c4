import zlib from 'node:zlib';

/** ShowDoc stores page text through PHP's htmlspecialchars (ENT_QUOTES): `& < > " '`. */
export function htmlUnescape(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Legacy ShowDoc rows hold `base64(gzcompress(text))`. Only a text that is all base64 and inflates is
 * taken as one: a Markdown page made of one base64-looking word stays as it is.
 */
export function decodeLegacyCompressed(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length < 12 || !/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return null;
  try {
    const raw = Buffer.from(trimmed, 'base64');
    // zlib streams start with 0x78 (deflate, 32K window): anything else is not gzcompress output.
    if (raw[0] !== 0x78) return null;
    return zlib.inflateSync(raw).toString('utf8');
  } catch {
    return null;
  }
}

/** A page's stored content as the Markdown (or spreadsheet / RunApi JSON) its author wrote. */
export function pageText(stored: string | null): string {
  const value = stored ?? '';
  return htmlUnescape(decodeLegacyCompressed(value) ?? value);
}

/** Quire's own address of a file, relative so it follows the site wherever it is served. */
export function quireFileUrl(sign: string): string {
  return `/server/?s=/api/attachment/visitFile&sign=${sign}`;
}

const VISIT_FILE =
  /(?:https?:)?(?:\/\/[^\s"'()<>\]]+?)?\/server\/(?:index\.php)?\?s=\/?api\/attachment\/visitFile(?:&|&amp;)sign=([0-9a-f]{32})/gi;
const PUBLIC_UPLOAD =
  /(?:https?:)?(?:\/\/[^\s"'()<>\]]+?)?\/Public\/Uploads\/([0-9A-Za-z_\-/]+\.[0-9A-Za-z]+)/g;

/**
 * Rewrites ShowDoc's links to attachments inside a page: its `visitFile&sign=` indirection under whatever
 * host ShowDoc ran on, and direct `/Public/Uploads/...` addresses, become Quire's own visitFile address
 * (the sign is kept, so old absolute links still work once the old host points at Quire).
 */
export function rewriteFileLinks(
  text: string,
  signOfUpload: (relativePath: string) => string | undefined,
  isImportedSign: (sign: string) => boolean,
): string {
  return text
    .replace(VISIT_FILE, (whole, sign: string) =>
      isImportedSign(sign.toLowerCase()) ? quireFileUrl(sign.toLowerCase()) : whole,
    )
    .replace(PUBLIC_UPLOAD, (whole, relative: string) => {
      const sign = signOfUpload(relative);
      return sign ? quireFileUrl(sign) : whole;
    });
}

/** The part of a ShowDoc `real_url` below `Public/Uploads/`, or null for object-storage URLs. */
export function uploadPathOf(realUrl: string): string | null {
  const match = /\/Public\/Uploads\/(.+)$/.exec(realUrl.split(/[?#]/)[0] ?? '');
  if (!match) return null;
  const relative = decodeURIComponent(match[1]!);
  return relative.split('/').some((part) => part === '..' || part === '') ? null : relative;
}

/** Unix seconds to a Date; 0, negative and missing values to null. */
export function unixDate(seconds: number | string | null | undefined): Date | null {
  const n = Number(seconds ?? 0);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : null;
}

/**
 * ShowDoc's text times (`YYYY-MM-DD HH:MM:SS`) are the PHP server's local time; `timeZone` names it.
 * Unparseable text gives null.
 */
export function localDate(text: string | null | undefined, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  // The zone's offset at that moment: format the UTC instant in the zone and compare.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(asUtc));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const zoned = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return new Date(asUtc - (zoned - asUtc));
}

/** ShowDoc's comma lists of ids (`cat_ids`, `item_group.item_ids`). */
export function idList(text: string | null | undefined): number[] {
  return String(text ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
