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
  // Well-formed input (what the web client sends with every save) decodes natively, many times faster;
  // decodeURIComponent throws on exactly the escapes PHP keeps or decodes byte by byte.
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return phpUrldecodeBytes(text);
  }
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
