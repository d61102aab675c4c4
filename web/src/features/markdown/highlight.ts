// Code highlighting (its own chunk, loaded by extras.ts when a page has a language-tagged code block).
import rehypeHighlight from 'rehype-highlight';
import type { Pluggable } from './plugin-types';

/** highlight.js' common languages (json, js, php, java, sql, bash, python, go...); no guessing. */
export const highlightPlugin: Pluggable = [
  rehypeHighlight,
  { detect: false, plainText: ['math', 'mermaid', 'flow', 'seq', 'text', 'txt', 'plain'] },
];
