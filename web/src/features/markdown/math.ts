// Math (its own chunk, loaded by extras.ts when a page has `$`): `$…$`, `$$…$$` and ```math blocks.
import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import type { Pluggable } from './extras';

export { remarkMath };

/**
 * KaTeX after the sanitiser (its output is markup the schema does not allow), safe because it is
 * KaTeX's own: `trust: false` refuses `\href`, `\url`, `\includegraphics` and `\htmlStyle`-like commands,
 * and a formula that does not parse shows its source in red instead of failing the page.
 */
export const katexPlugin: Pluggable = [
  rehypeKatex,
  { trust: false, strict: 'ignore', throwOnError: false, output: 'htmlAndMathml', maxExpand: 500 },
];
