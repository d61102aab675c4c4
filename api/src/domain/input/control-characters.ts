/**
 * Text a client may send: no NUL and no other C0 control characters (nor DEL), except tab, line feed
 * and carriage return, which markdown content needs. A NUL cut SQL statements short in the driver and
 * answered 500 (issue #15); the other controls have no business in names, logins or content either.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasForbiddenControlCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

/**
 * The path (`a.b[2]`) of the first string inside `value` that holds a forbidden control character, or
 * null. Keys are checked too; binary data (a Buffer of an uploaded file) is not text and is skipped.
 */
export function findForbiddenText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasForbiddenControlCharacter(value) ? path || '(value)' : null;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenText(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, entry] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasForbiddenControlCharacter(key)) return at;
    const found = findForbiddenText(entry, at);
    if (found !== null) return found;
  }
  return null;
}
