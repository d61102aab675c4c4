// The encodings of page content at this door and parameter shapes the document routes share (the row
// shapes live in presenters/document.ts).
import { z } from 'zod';
import { int } from './params';
import type { Wire } from './wire';

/**
 * PHP's urldecode: `+` is a space and `%XX` a byte; malformed escapes stay as they are (where
 * decodeURIComponent would throw). ShowDoc's web client sends page content through it.
 */
export function phpUrldecode(text: string): string {
  // Most form names and short values have nothing to decode.
  if (!text.includes('%') && !text.includes('+')) return text;
  // Well-formed input (what the web client sends with every save) decodes natively, many times faster;
  // decodeURIComponent throws on exactly the escapes PHP keeps or decodes byte by byte.
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return phpUrldecodeBytes(text);
  }
}

/** A form body's fields: a name sent more than once has all its values, in order. */
export type FormFields = Record<string, string | string[]>;

/**
 * An `application/x-www-form-urlencoded` body as PHP reads one: pairs split on `&`, names and values
 * decoded as `urldecode` does (malformed escapes kept), a pair without `=` an empty value. Every ShowDoc
 * client posts its forms this way, and a page save's content is encoded twice over (`is_urlencode`): the
 * parser Fastify's form plugin uses decodes ~11 kB of such escapes in ~0.2 ms into a string of thousands
 * of pieces, which every later reader flattens again; the native decoder does it in ~25 µs (issue #14).
 * The result has no prototype, so no field name reaches `Object.prototype`.
 */
export function parseFormBody(body: string): FormFields {
  const fields = Object.create(null) as FormFields;
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = phpUrldecode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : phpUrldecode(pair.slice(eq + 1));
    const earlier = fields[name];
    if (earlier === undefined) fields[name] = value;
    else if (Array.isArray(earlier)) earlier.push(value);
    else fields[name] = [earlier, value];
  }
  return fields;
}

function phpUrldecodeBytes(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+|\+/g, (match) =>
    match === '+' ? ' ' : Buffer.from(match.replace(/%/g, ''), 'hex').toString('utf8'),
  );
}

/** An integer parameter that may be absent: undefined then (ShowDoc reset such fields; Quire keeps them). */
export function optionalInt() {
  return z
    .unknown()
    .transform((value): number | undefined => (value === undefined ? undefined : int().parse(value)));
}

/** ShowDoc's AiConfig defaults: Quire has no AI knowledge base, so every item answers these. */
export const AI_CONFIG_DEFAULTS: Wire = {
  enabled: 0,
  dialog_collapsed: 1,
  guest_enabled: 0,
  welcome_message: '',
  system_prompt: '',
};
