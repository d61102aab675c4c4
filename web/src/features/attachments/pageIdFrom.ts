/**
 * The page a user means by what they typed: a page id, or the link of a page as the app shows it
 * (`/{item}/{page}`, `/page/edit/{item}/{page}`, `/page/{page}` or ShowDoc's `page_id=…`). Null otherwise.
 */
export function pageIdFrom(text: string): number | null {
  const value = text.trim();
  if (/^\d+$/.test(value)) return positive(value);
  const query = /[?&#]page_id=(\d+)/.exec(value);
  if (query) return positive(query[1]!);
  let path: string;
  try {
    path = new URL(value, 'http://quire.invalid').pathname;
  } catch {
    return null;
  }
  const parts = path.split('/').filter(Boolean);
  // `/p/{key}` is a share key, not an id; everything else ends with the page id.
  if (parts[0] === 'p' || parts.length < 2) return null;
  const last = parts[parts.length - 1]!;
  return /^\d+$/.test(last) ? positive(last) : null;
}

function positive(digits: string): number | null {
  const n = Number(digits);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
