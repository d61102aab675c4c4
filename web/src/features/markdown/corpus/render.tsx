import { expect } from '@jest/globals';
import { MantineProvider } from '@mantine/core';
import { render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n, type Language } from '../../../i18n/i18n';
import { MarkdownView } from '../MarkdownView';

/** Renders `content` and waits until every part it needs (inline HTML, math, highlighting) is in. */
export async function renderMarkdown(content: string, language: Language = 'en'): Promise<HTMLElement> {
  const { container } = render(
    <I18nextProvider i18n={createI18n(language)}>
      <MantineProvider env="test">
        <MarkdownView content={content} />
      </MantineProvider>
    </I18nextProvider>,
  );
  await waitFor(() => expect(container.querySelector('[data-markdown-ready="true"]')).not.toBeNull(), {
    timeout: 15_000,
  });
  return container.querySelector<HTMLElement>('[data-page-content]')!;
}

const URL_ATTRIBUTES = [
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'srcset',
  'background',
  'poster',
];

/**
 * Everything that could run script or load something unexpected, found in the rendered DOM: elements
 * that execute or embed, event-handler attributes, script URLs, styles beyond colours. Empty when safe.
 */
export function scriptRisks(root: HTMLElement): string[] {
  const risks: string[] = [];
  const dangerous =
    'script, iframe, object, embed, frame, frameset, applet, base, meta, link, form, style, svg, math, template, noscript';
  // KaTeX writes its own <math> (MathML, no script); it sits inside span.katex-mathml.
  for (const element of Array.from(root.querySelectorAll(dangerous))) {
    if (element.closest('.katex-mathml') && element.closest('.katex-mathml') !== element) continue;
    // The renderer's own controls (the heading's link icon, a code block's copy button) and their <svg>s.
    if (element.closest('[data-heading-anchor], [data-code-copy]')) continue;
    risks.push(`<${element.tagName.toLowerCase()}>`);
  }
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (element.closest('[data-code-copy]')) continue; // Mantine's button styles itself with variables
    for (const name of element.getAttributeNames()) {
      const value = element.getAttribute(name) ?? '';
      if (/^on/i.test(name)) risks.push(`${name}= on <${element.tagName.toLowerCase()}>`);
      if (
        URL_ATTRIBUTES.includes(name.toLowerCase()) &&
        /^\s*(?:javascript|vbscript|data:text)/i.test(
          [...value].filter((char) => char.charCodeAt(0) > 32).join(''),
        )
      ) {
        risks.push(`${name}="${value}"`);
      }
      if (name === 'style' && !element.closest('.katex')) {
        // Outside KaTeX's own layout, a style may hold colours and nothing else.
        const properties = value
          .split(';')
          .map((declaration) => declaration.split(':')[0]?.trim().toLowerCase())
          .filter(Boolean);
        // text-align: the renderer's own, from a GFM table's alignment row.
        const allowed = [
          'color',
          'background-color',
          ...(/^T[HD]$/.test(element.tagName) ? ['text-align'] : []),
        ];
        if (properties.some((property) => !allowed.includes(property!))) {
          risks.push(`style="${value}"`);
        }
        if (/url\(|expression|\\/i.test(value)) risks.push(`style="${value}"`);
      }
    }
  }
  return risks;
}
