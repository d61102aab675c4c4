import { describe, expect, it } from '@jest/globals';
import { markdownPlainText, snippetSource } from './plain-text';
import { highlightedSnippet } from './snippet';

describe('search snippets read the markdown as a reader sees it (#22)', () => {
  it('drops markup: emphasis, table pipes, link targets, heading marks and HTML tags', async () => {
    const text = await markdownPlainText(
      [
        '## Login **token**',
        '',
        '| name | type |',
        '|---|---|',
        '| user_token | string |',
        '',
        'See [the guide](https://example.com/guide) and <font color="red">warning</font>.',
        '',
        '![diagram of the flow](x.png)',
      ].join('\n'),
    );
    expect(text).toContain('Login token');
    expect(text).toContain('user_token');
    expect(text).toContain('the guide');
    expect(text).toContain('warning');
    expect(text).toContain('diagram of the flow');
    expect(text).not.toMatch(/\*\*|\||##|https:\/\/example\.com|<font/);
  });

  it('cuts the snippet from the plain text around the match, with the highlight on the word', async () => {
    const markdown = `${'Filler line.\n'.repeat(200)}\nThe **refresh_token** expires after *30 days*.\n`;
    const { text, highlights } = highlightedSnippet(
      await snippetSource(markdown, 'refresh_token'),
      'refresh_token',
    );
    expect(text).toContain('The refresh_token expires after 30 days.');
    expect(text).not.toContain('**');
    expect(highlights).toHaveLength(1);
    expect(text.slice(highlights[0]!.start, highlights[0]!.end)).toBe('refresh_token');
  });

  it('keeps the source when the match is only in the markup', async () => {
    const markdown = 'Read [the docs](https://docs.example.com/zebrafish).';
    expect(await snippetSource(markdown, 'zebrafish')).toBe(markdown);
  });
});
