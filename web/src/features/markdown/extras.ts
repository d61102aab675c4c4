/**
 * The renderer's optional parts, each in its own chunk and loaded only when a page needs it (issue #22:
 * the first screen's JavaScript budget): inline HTML (parse5), math (KaTeX and its CSS) and code
 * highlighting (highlight.js, common languages). Diagrams load separately, per block (Diagram.tsx).
 */
import type { PluggableList } from './plugin-types';

export interface Needs {
  html: boolean;
  math: boolean;
  highlight: boolean;
}

export interface Extras {
  remark: PluggableList;
  /** Before the sanitiser: inline HTML becomes elements the sanitiser then checks. */
  beforeSanitize: PluggableList;
  /** After the sanitiser: trusted output (KaTeX with `trust: false`, highlight.js spans). */
  afterSanitize: PluggableList;
}

export const NO_EXTRAS: Extras = { remark: [], beforeSanitize: [], afterSanitize: [] };

/** A language-tagged fenced code block (``` or ~~~), other than the diagram and math blocks. */
const HIGHLIGHTED_FENCE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*(?!(?:math|mermaid|flow|seq)\b)[\w+#.-]/im;

/** What `content` uses, cheaply guessed from its text (a false positive only loads a chunk for nothing). */
export function needsOf(content: string): Needs {
  return {
    html: /<[a-z!/]/i.test(content),
    math: content.includes('$') || /^ {0,3}(?:`{3,}|~{3,})[ \t]*math\b/im.test(content),
    highlight: HIGHLIGHTED_FENCE.test(content),
  };
}

export const needsKey = (needs: Needs): string =>
  [needs.html && 'html', needs.math && 'math', needs.highlight && 'highlight'].filter(Boolean).join(',');

export const needsFromKey = (key: string): Needs => {
  const parts = key.split(',');
  return {
    html: parts.includes('html'),
    math: parts.includes('math'),
    highlight: parts.includes('highlight'),
  };
};

const loaded = new Map<string, Promise<Extras>>();
const ready = new Map<string, Extras>();

/** The plugins for `needs` if they are loaded already (the page then renders complete at once). */
export const loadedExtras = (needs: Needs): Extras | null =>
  needsKey(needs) ? (ready.get(needsKey(needs)) ?? null) : NO_EXTRAS;

/** The plugins for `needs`, loaded once per combination. */
export function loadExtras(needs: Needs): Promise<Extras> {
  const key = needsKey(needs);
  let promise = loaded.get(key);
  if (!promise) {
    promise = Promise.all([
      needs.html ? import('rehype-raw').then((module) => module.default) : null,
      needs.math ? import('./math') : null,
      needs.highlight ? import('./highlight') : null,
    ]).then(([rehypeRaw, math, highlight]) => ({
      remark: math ? [math.remarkMath, math.remarkDollarRules] : [],
      beforeSanitize: rehypeRaw ? [rehypeRaw] : [],
      afterSanitize: [...(math ? [math.katexPlugin] : []), ...(highlight ? [highlight.highlightPlugin] : [])],
    }));
    loaded.set(key, promise);
    promise.then(
      (extras) => ready.set(key, extras),
      () => loaded.delete(key), // a failed chunk load (network) is tried again by the next page
    );
  }
  return promise;
}
