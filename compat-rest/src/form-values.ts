// How ShowDoc reads form values beyond plain ints and strings: escaped JSON, id lists, PHP truthiness.
import { z } from 'zod';
import { DomainError } from '../../api/src/domain';
import { refuseForbiddenDecoded } from './input-guard';
import { str } from './params';

/** PHP's htmlspecialchars_decode with ENT_QUOTES: clients may send JSON parameters escaped or not. */
export function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * A parameter carrying a JSON structure as a string (`data`, `groups`, `cats`, `pages`...), HTML-unescaped
 * before decoding as ShowDoc does. Undecodable text is a bad request, never a server error.
 */
export function parseJsonParam(text: string): unknown {
  let decoded: unknown;
  try {
    decoded = JSON.parse(unescapeHtml(text));
  } catch {
    throw new DomainError('BadInput', { en: 'The parameter is not valid JSON', zh: '参数错误' });
  }
  return refuseForbiddenDecoded(decoded);
}

/** A string parameter that may be absent: undefined then (ShowDoc blanked such fields; Quire keeps them). */
export function optionalStr() {
  return z
    .unknown()
    .transform((value): string | undefined => (value === undefined ? undefined : str().parse(value)));
}

/** PHP truthiness of a raw parameter: absent, '', '0', 0 and false are false. */
export function phpTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0) return false;
  if (typeof value === 'string') return value !== '' && value !== '0';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * A list of ids sent as an array (`a[]=1&a[]=2` or JSON), a JSON array string (maybe escaped) or a comma
 * list. Anything that is not a positive integer is dropped.
 */
export function idList(value: unknown): number[] {
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'number') items = [value];
  else if (typeof value === 'string') {
    const text = unescapeHtml(value).trim();
    if (text.startsWith('[')) {
      const parsed = parseJsonParam(text);
      items = Array.isArray(parsed) ? parsed : [];
    } else items = text.split(',');
  } else items = [];
  const ids = items
    .map((item) =>
      typeof item === 'number'
        ? item
        : typeof item === 'string' && /^\s*\d+\s*$/.test(item)
          ? Number(item)
          : NaN,
    )
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}
