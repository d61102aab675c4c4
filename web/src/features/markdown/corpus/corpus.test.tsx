import { afterAll, describe, expect, it } from '@jest/globals';
import { inlineHtmlCases, mathAndDiagramCases, showdocCases, type CorpusCase } from './cases';
import { renderMarkdown, scriptRisks } from './render';
import { xssCases } from './xss-cases';

const flag = () => (window as unknown as { __xss?: unknown }).__xss;

const groups: [string, CorpusCase[]][] = [
  ['ShowDoc documents', showdocCases],
  ['inline HTML', inlineHtmlCases],
  ['math and diagrams', mathAndDiagramCases],
  ['XSS corpus', xssCases],
];

describe('markdown corpus', () => {
  it('holds 40 snippets or more', () => {
    expect(groups.flatMap(([, cases]) => cases).length).toBeGreaterThanOrEqual(40);
  });

  for (const [group, cases] of groups) {
    describe(group, () => {
      it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
        const root = await renderMarkdown(entry.markdown);
        entry.check(root);
        expect(scriptRisks(root)).toEqual([]);
        expect(flag()).toBeUndefined();
      });
    });
  }

  afterAll(() => expect(flag()).toBeUndefined());
});

describe('scriptRisks (the corpus checker can fail)', () => {
  it('finds what a broken sanitiser would let through', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<img src="x" onerror="x()"><a href=" javascript:x()">a</a><script></script><span style="position:fixed">s</span><svg></svg>';
    expect(scriptRisks(root)).toEqual([
      '<script>',
      '<svg>',
      'onerror= on <img>',
      'href=" javascript:x()"',
      'style="position:fixed"',
    ]);
  });
});
