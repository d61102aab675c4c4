import { FilterXSS } from 'xss';

/** The tags ShowDoc keeps in an announcement (compat-api §20.4); links keep only their address. */
const ALLOWED: Record<string, string[]> = {
  p: [],
  br: [],
  ul: [],
  ol: [],
  li: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  code: [],
  pre: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  a: ['href', 'target'],
};

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
  // Only web and mail links: `javascript:`, `data:` and the like are dropped with their attribute.
  onTagAttr: (tag, name, value) => {
    if (tag !== 'a') return undefined;
    if (name === 'href' && !/^(https?:|mailto:|\/|#)/i.test(value.trim())) return '';
    if (name === 'target' && value !== '_blank') return '';
    return undefined;
  },
});

/**
 * An administrator's announcement as every user's browser will render it: ShowDoc's tag list, nothing
 * executable, and plain line breaks turned into `<br />` (as ShowDoc stores them).
 */
export function cleanAnnouncementHtml(input: string): string {
  return filter.process(input.replace(/\r\n?/g, '\n')).replace(/\n/g, '<br />\n');
}
