/** Characters Windows and zip tools refuse in a path part, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
export const ENTRY_NAME_MAX = 200;
export const UNNAMED = '未命名';

/**
 * A page title or catalog name as one path part of an export zip (compat-api §16.3): unsafe characters
 * and control characters become `_`, runs of `_` or `.` collapse, the ends are trimmed, at most 200
 * characters, Windows reserved names get a `_` suffix, and nothing left becomes `未命名`.
 */
export function sanitizeEntryName(name: string): string {
  let out = name
    .replace(UNSAFE, '_')
    .replace(/_{2,}/g, '_')
    .replace(/\.{2,}/g, '.');
  out = out.replace(/^[\s.]+|[\s.]+$/g, '');
  out = Array.from(out).slice(0, ENTRY_NAME_MAX).join('').trim();
  if (!out) return UNNAMED;
  if (RESERVED.test(out)) out += '_';
  return out;
}

/** Hands out names unique within one folder: duplicates get `_1`, `_2` … before the extension. */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(base: string, extension = ''): string {
    let candidate = base + extension;
    for (let n = 1; this.taken.has(candidate.toLowerCase()); n++) candidate = `${base}_${n}${extension}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
