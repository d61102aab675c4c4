import { Box } from '@mantine/core';
import { useMemo } from 'react';

/** Spec §9: the watermark is barely there. */
export const WATERMARK_OPACITY = 0.05;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A tiled, rotated text (username, name, date) over the whole view when the site asks for it. Drawn as an
 * SVG background so it cannot be selected, and it lets every click through.
 */
export function Watermark({ lines }: { lines: string[] }) {
  const image = useMemo(() => {
    const text = lines
      .filter(Boolean)
      .map((line, index) => `<tspan x="0" dy="${index === 0 ? 0 : 22}">${escapeXml(line)}</tspan>`)
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><g transform="translate(40 120) rotate(-22)"><text font-family="sans-serif" font-size="16" fill="#808080">${text}</text></g></svg>`;
    return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
  }, [lines]);

  return (
    <Box
      aria-hidden
      data-testid="watermark"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        pointerEvents: 'none',
        opacity: WATERMARK_OPACITY,
        backgroundImage: image,
        backgroundRepeat: 'repeat',
      }}
    />
  );
}
