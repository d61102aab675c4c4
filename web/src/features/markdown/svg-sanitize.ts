import DOMPurify from 'dompurify';

/**
 * Mermaid's SVG, cleaned once more before it reaches the page (mermaid's strict level already escapes
 * labels): DOMPurify's SVG profile, no links, no external references, no script or event handler.
 */
export function sanitizeSvg(svg: string): string {
  return DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true, html: true },
    // Mermaid's theme is a <style> inside the <svg>; labels are SVG text (diagram-render.ts turns HTML
    // labels off), so no HTML island in <foreignObject> is needed.
    ADD_TAGS: ['style'],
    FORBID_TAGS: ['script', 'a', 'iframe', 'object', 'embed', 'image', 'use', 'animate', 'set', 'form'],
    FORBID_ATTR: ['href', 'xlink:href', 'action', 'formaction'],
  });
}
