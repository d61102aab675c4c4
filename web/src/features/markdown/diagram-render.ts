/**
 * Diagram blocks to SVG, in a chunk of its own (mermaid is ~600 kB): loaded by `Diagram` only when a page
 * shows a ```` ```mermaid ````, ```` ```flow ```` or ```` ```seq ```` block. Mermaid runs with
 * `securityLevel: 'strict'` (labels are text, click handlers and links are off), and its SVG is sanitised
 * again with DOMPurify's SVG profile before it reaches the page.
 */
import mermaid from 'mermaid';
import { flowToMermaid, seqToMermaid } from './showdoc-diagrams';
import { sanitizeSvg } from './svg-sanitize';

export type DiagramKind = 'mermaid' | 'flow' | 'seq';
export type ColorScheme = 'light' | 'dark';

let queue: Promise<unknown> = Promise.resolve();
let counter = 0;

/** The mermaid source of a diagram block (ShowDoc's flow and seq syntaxes translated). */
export function toMermaid(kind: DiagramKind, source: string): string {
  if (kind === 'flow') return flowToMermaid(source);
  if (kind === 'seq') return seqToMermaid(source);
  return source;
}

/**
 * Renders one diagram to sanitised SVG markup. Renders are queued: mermaid's configuration is global, and
 * the colour scheme is set for each.
 */
export function renderDiagram(kind: DiagramKind, source: string, scheme: ColorScheme): Promise<string> {
  const run = async () => {
    const text = toMermaid(kind, source);
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: scheme === 'dark' ? 'dark' : 'default',
      suppressErrorRendering: true,
      // Labels as SVG <text>, not HTML in <foreignObject> (which sanitizeSvg removes).
      htmlLabels: false,
      // Rounded shapes are drawn with jitter; a fixed seed draws a page the same everywhere (/p/{key}).
      handDrawnSeed: 1,
      flowchart: { htmlLabels: false },
    });
    counter += 1;
    const { svg } = await mermaid.render(`quire-diagram-${counter}`, text);
    return sanitizeSvg(svg);
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
