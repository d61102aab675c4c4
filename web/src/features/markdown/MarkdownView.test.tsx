import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMarkdown as renderReady } from './corpus/render';
import { slugify } from './rehypePlugins';

async function renderMarkdown(content: string) {
  return { container: await renderReady(content) };
}

/** Every attribute of every element below `root` whose name starts with "on". */
function eventHandlerAttributes(root: HTMLElement): string[] {
  return Array.from(root.querySelectorAll('*')).flatMap((element) =>
    element.getAttributeNames().filter((name) => name.toLowerCase().startsWith('on')),
  );
}

describe('MarkdownView', () => {
  it('renders GitHub-flavoured tables and highlights code', async () => {
    const { container } = await renderMarkdown(
      ['| Name | Type |', '|---|---|', '| id | int |', '', '```js', 'const answer = 42;', '```'].join('\n'),
    );
    expect(container.querySelector('table th')?.textContent).toBe('Name');
    expect(container.querySelector('table td')?.textContent).toBe('id');
    const code = container.querySelector('pre code');
    expect(code?.className).toContain('language-js');
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('const');
  });

  it('never lets a <script> element or an onerror= handler reach the DOM', async () => {
    const { container } = await renderMarkdown(
      [
        '# Title',
        '',
        '<script>window.__pwned = true</script>',
        '',
        '<img src="x" onerror="window.__pwned = true">',
        '',
        'Inline <img src=y onerror=alert(1)> and <a href="javascript:alert(1)" onclick="x()">link</a>',
        '',
        '<div onmouseover="alert(1)"><svg onload="alert(1)"></svg><iframe src="https://evil.example"></iframe>safe text</div>',
        '',
        '[md link](javascript:alert(2))',
      ].join('\n'),
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('svg:not(.tabler-icon)')).toBeNull();
    expect(eventHandlerAttributes(container)).toEqual([]);
    expect(container.innerHTML).not.toMatch(/onerror|onclick|onmouseover|onload/i);
    for (const link of Array.from(container.querySelectorAll('a'))) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    }
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
    // The harmless parts survive: the image (without its handler) and the text.
    expect(container.querySelector('img[src="x"]')).not.toBeNull();
    expect(container.textContent).toContain('safe text');
  });

  it('keeps harmless HTML such as line breaks and details', async () => {
    const { container } = await renderMarkdown(
      ['| a |', '|---|', '| one<br>two |', '', '<details><summary>More</summary>Hidden</details>'].join('\n'),
    );
    expect(container.querySelector('td br')).not.toBeNull();
    expect(container.querySelector('details summary')?.textContent).toBe('More');
  });

  it('gives headings ids for the table of contents', async () => {
    const { container } = await renderMarkdown('# Intro\n\n## Login API\n\n## Login API');
    const ids = Array.from(container.querySelectorAll('h1, h2')).map((heading) => heading.id);
    expect(ids).toEqual(['h-intro', 'h-login-api', 'h-login-api-1']);
  });
});

describe('MarkdownView in Chinese', () => {
  it('labels the permalink icon and a waiting diagram in the interface language', async () => {
    const root = await renderReady('## 登录接口\n\n```seq\nA->B: hi\n```', 'zh-CN');
    expect(root.querySelector('[data-heading-anchor]')?.getAttribute('aria-label')).toBe(
      '复制“登录接口”的链接',
    );
    expect(root.querySelector('[data-diagram-pending] pre')?.getAttribute('aria-label')).toBe(
      '正在绘制图表…',
    );
  });
});

describe('slugify', () => {
  it('keeps letters and digits of any script', () => {
    expect(slugify(' 用户 Login (v2) ')).toBe('用户-login-v2');
    expect(slugify('***')).toBe('section');
  });
});

describe('reading comforts', () => {
  it('gives every code block a copy button that copies its text', async () => {
    const writeText = jest.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { container } = await renderMarkdown(['```json', '{"code": 0}', '```'].join('\n'));
    fireEvent.click(within(container).getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('{"code": 0}'));
  });

  it('opens an image full size on click, but leaves an image inside a link to the link', async () => {
    const { container } = await renderMarkdown(
      '![Architecture](https://example.com/a.png)\n\n[![Logo](https://example.com/logo.png)](https://example.com)',
    );
    fireEvent.click(within(container).getByRole('img', { name: 'Logo' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(within(container).getByRole('img', { name: 'Architecture' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Architecture' })).toHaveAttribute(
      'src',
      'https://example.com/a.png',
    );
  });
});
