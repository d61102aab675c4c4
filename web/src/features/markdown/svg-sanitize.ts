import DOMPurify from 'dompurify';

/**
 * Mermaid's SVG, cleaned once more before it reaches the page (mermaid's strict level already escapes
 * labels): DOMPurify's SVG profile, no links, no external references, no script or event handler.
 */
export function sanitizeSvg(svg: string): string {
  return DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true, html: true },
    // Mermaid's HTML labels sit in <foreignObject>; its theme is a <style> inside the <svg>.
    ADD_TAGS: ['foreignObject', 'style'],
    FORBID_TAGS: ['script', 'a', 'iframe', 'object', 'embed', 'image', 'use', 'animate', 'set', 'form'],
    FORBID_ATTR: ['href', 'xlink:href', 'action', 'formaction'],
  });
}
