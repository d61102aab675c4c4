/**
 * The markdown corpus (issue #22): real-world snippets of ShowDoc pages (API documents, the inline HTML
 * its users write), math, diagrams, and the XSS corpus. Each case renders through the real pipeline
 * (MarkdownView) and checks what must be there; corpus.test.tsx checks every case for script risks too.
 */
import { expect } from '@jest/globals';

export interface CorpusCase {
  name: string;
  markdown: string;
  check: (root: HTMLElement) => void;
}

const one = (root: HTMLElement, selector: string): Element => {
  const found = root.querySelector(selector);
  if (!found) throw new Error(`no ${selector} in ${root.innerHTML.slice(0, 400)}`);
  return found;
};
const none = (root: HTMLElement, selector: string) => expect(root.querySelector(selector)).toBeNull();
const text = (root: HTMLElement) => root.textContent ?? '';
const attr = (root: HTMLElement, selector: string, name: string) => one(root, selector).getAttribute(name);

const SHOWDOC_API = `**简要描述：**

- 用户登录接口

**请求URL：**
- \` http://xx.com/api/user/login \`

**请求方式：**
- POST

**参数：**

|参数名|必选|类型|说明|
|:----    |:---|:----- |-----   |
|username |是  |string |用户名   |
|password |是  |string | 密码    |

**返回示例**

\`\`\`json
{
    "error_code": 0,
    "data": {
        "uid": "1",
        "username": "12154545"
    }
}
\`\`\`

**备注**

- 更多返回错误代码请看首页的错误代码描述`;

export const showdocCases: CorpusCase[] = [
  {
    name: 'ShowDoc API template: parameter table and highlighted JSON',
    markdown: SHOWDOC_API,
    check: (root) => {
      expect(Array.from(root.querySelectorAll('th')).map((th) => th.textContent?.trim())).toEqual([
        '参数名',
        '必选',
        '类型',
        '说明',
      ]);
      expect(attr(root, 'th', 'style') ?? '').toContain('left');
      expect(one(root, 'code.language-json .hljs-attr').textContent).toBe('"error_code"');
      expect(one(root, 'code.language-json .hljs-number').textContent).toBe('0');
    },
  },
  {
    name: 'line breaks inside table cells',
    markdown: '|a|b|\n|-|-|\n|one<br>two|x<br/>y|',
    check: (root) => expect(root.querySelectorAll('td br')).toHaveLength(2),
  },
  {
    name: 'task list',
    markdown: '- [x] done\n- [ ] todo',
    check: (root) => {
      const boxes = Array.from(root.querySelectorAll<HTMLInputElement>('li input[type="checkbox"]'));
      expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
        [true, true],
        [false, true],
      ]);
    },
  },
  {
    name: 'footnotes link both ways to ids that exist',
    markdown: 'Rate limits apply[^limits].\n\n[^limits]: 100 requests a minute.',
    check: (root) => {
      const reference = one(root, 'sup a[data-footnote-ref]');
      const target = reference.getAttribute('href')!.slice(1);
      expect(root.querySelector(`[id="${target}"]`)?.textContent).toContain('100 requests a minute');
      const back = one(root, 'a[data-footnote-backref]').getAttribute('href')!.slice(1);
      expect(root.querySelector(`[id="${back}"]`)).toBe(reference);
      const label = reference.getAttribute('aria-describedby')!;
      expect(root.querySelector(`[id="${label}"]`)?.className).toBe('sr-only');
    },
  },
  {
    name: 'heading anchors link to the heading id',
    markdown: '## 返回参数说明\n\ntext',
    check: (root) => {
      const heading = one(root, 'h2');
      expect(heading.id).toBe('h-返回参数说明');
      const anchor = one(heading.parentElement!, 'a[data-heading-anchor]');
      expect(anchor.getAttribute('href')).toBe(`#${encodeURIComponent('h-返回参数说明')}`);
      expect(anchor.getAttribute('aria-label')).toBe('Copy the link to "返回参数说明"');
      expect(heading.textContent).toBe('返回参数说明'); // the heading's name stays its text
    },
  },
  {
    name: 'PHP, SQL and bash blocks are highlighted; an unknown language stays plain',
    markdown:
      '```php\n<?php echo $name; ?>\n```\n\n```sql\nSELECT id FROM users;\n```\n\n```bash\necho "hi"\n```\n\n```brainfuck\n+++.\n```',
    check: (root) => {
      expect(root.querySelector('code.language-php [class^="hljs-"]')).not.toBeNull();
      expect(one(root, 'code.language-sql .hljs-keyword').textContent).toBe('SELECT');
      expect(root.querySelector('code.language-bash [class^="hljs-"]')).not.toBeNull();
      expect(one(root, 'code.language-brainfuck').textContent).toBe('+++.\n');
    },
  },
  {
    name: 'strikethrough, autolinks and external links',
    markdown: '~~old~~ see www.example.com and [docs](https://example.org/a)',
    check: (root) => {
      expect(one(root, 'del').textContent).toBe('old');
      expect(attr(root, 'a[href="http://www.example.com"]', 'target')).toBe('_blank');
      expect(attr(root, 'a[href="https://example.org/a"]', 'rel')).toBe('noopener noreferrer');
    },
  },
  {
    name: 'images keep src, alt and title and load lazily',
    markdown: '![diagram](https://example.org/a.png "Architecture")',
    check: (root) => {
      const image = one(root, 'img');
      expect([image.getAttribute('src'), image.getAttribute('alt'), image.getAttribute('title')]).toEqual([
        'https://example.org/a.png',
        'diagram',
        'Architecture',
      ]);
      expect(image.getAttribute('loading')).toBe('lazy');
    },
  },
  {
    name: 'pasted data: images stay (images cannot run script)',
    markdown: '<img src="data:image/png;base64,iVBORw0KGgo=" width="20">',
    check: (root) => expect(attr(root, 'img', 'src')).toMatch(/^data:image\/png/),
  },
];

export const inlineHtmlCases: CorpusCase[] = [
  {
    name: '<font color> around text keeps the colour (ShowDoc users write it every day)',
    markdown: '注意：<font color="red">red font</font> 与 <font color=#00f size=5>big blue</font>',
    check: (root) => {
      expect(one(root, 'font[color="red"]').textContent).toBe('red font');
      expect(attr(root, 'font[color="#00f"]', 'size')).toBe('5');
    },
  },
  {
    name: '<font> drops colours and sizes that are not plain values',
    markdown: '<font color="javascript:alert(1)" size="100" face="x">text</font>',
    check: (root) => expect(one(root, 'font').getAttributeNames()).toEqual([]),
  },
  {
    name: '<span style> keeps colour and background colour',
    markdown: '<span style="color: #c00; background-color: rgb(255, 255, 0)">warn</span>',
    check: (root) => {
      const { style } = one(root, 'span') as HTMLElement;
      expect([style.color, style.backgroundColor, style.length]).toEqual([
        'rgb(204, 0, 0)',
        'rgb(255, 255, 0)',
        2,
      ]);
    },
  },
  {
    name: '<span style> loses everything but colours',
    markdown: '<span style="position:fixed;top:0;color:red;font-size:90px;background:yellow">x</span>',
    check: (root) => expect(attr(root, 'span', 'style')).toBe('color: red; background-color: yellow;'),
  },
  {
    name: 'kbd, sub, sup, mark, u, s',
    markdown:
      'Press <kbd>Ctrl</kbd>+<kbd>S</kbd>: H<sub>2</sub>O, x<sup>2</sup>, <mark>hot</mark>, <u>u</u>, <s>s</s>',
    check: (root) => {
      expect(Array.from(root.querySelectorAll('kbd')).map((k) => k.textContent)).toEqual(['Ctrl', 'S']);
      for (const [tag, content] of [
        ['sub', '2'],
        ['sup', '2'],
        ['mark', 'hot'],
        ['u', 'u'],
        ['s', 's'],
      ]) {
        expect(one(root, `p ${tag}`).textContent).toBe(content);
      }
    },
  },
  {
    name: 'details and summary',
    markdown: '<details open><summary>响应字段</summary>\n\n| a |\n|---|\n| 1 |\n\n</details>',
    check: (root) => {
      expect(one(root, 'details').hasAttribute('open')).toBe(true);
      expect(one(root, 'details summary').textContent).toBe('响应字段');
      expect(root.querySelector('details table td')?.textContent).toBe('1');
    },
  },
  {
    name: '<center> and <p align>',
    markdown: '<center>centred</center>\n\n<p align="center">middle</p>\n\n<p align="evil">x</p>',
    check: (root) => {
      expect(one(root, 'center').textContent).toBe('centred');
      expect(attr(root, 'p[align]', 'align')).toBe('center');
      expect(root.querySelectorAll('p[align]')).toHaveLength(1);
    },
  },
  {
    name: '<img width height align>',
    markdown: '<img src="https://example.org/logo.png" width="120" height="40%" align="right" style="x">',
    check: (root) => {
      const image = one(root, 'img');
      expect(['width', 'height', 'align'].map((name) => image.getAttribute(name))).toEqual([
        '120',
        '40%',
        'right',
      ]);
      expect(image.hasAttribute('style')).toBe(false);
    },
  },
  {
    name: 'HTML tables with their classic attributes',
    markdown:
      '<table border="1" cellpadding="4" width="100%"><tr><th colspan="2" bgcolor="#eee">Head</th></tr><tr><td align="right" valign="top">1</td><td rowspan="2">2</td></tr></table>',
    check: (root) => {
      const table = one(root, 'table');
      expect([
        table.getAttribute('border'),
        table.getAttribute('cellpadding'),
        table.getAttribute('width'),
      ]).toEqual(['1', '4', '100%']);
      expect([attr(root, 'th', 'colspan'), attr(root, 'th', 'bgcolor')]).toEqual(['2', '#eee']);
      // align becomes text-align (react-markdown's rendering of cell alignment)
      const cell = one(root, 'td') as HTMLElement;
      expect([cell.style.textAlign, cell.getAttribute('valign')]).toEqual(['right', 'top']);
    },
  },
  {
    name: 'style on other elements is dropped',
    markdown: '<div style="color:red">a</div><p style="color:blue">b</p>',
    check: (root) => expect(root.querySelector('[style]')).toBeNull(),
  },
];

export const mathAndDiagramCases: CorpusCase[] = [
  {
    name: 'inline math $…$',
    markdown: 'Energy: $E=mc^2$.',
    check: (root) => {
      expect(one(root, 'p .katex .katex-mathml annotation').textContent).toBe('E=mc^2');
      none(root, '.katex-display');
    },
  },
  {
    name: 'dollars that are not math stay text (PHP variables, prices)',
    markdown: '参数 $uid 和 $token 必填；价格 $5 到 $10。Inline $$a+b$$ and $x$.',
    check: (root) => {
      expect(text(root)).toContain('参数 $uid 和 $token 必填；价格 $5 到 $10。');
      expect(Array.from(root.querySelectorAll('.katex annotation')).map((a) => a.textContent)).toEqual([
        'a+b',
        'x',
      ]);
    },
  },
  {
    name: 'display math $$…$$',
    markdown: '$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$',
    check: (root) =>
      expect(one(root, '.katex-display annotation').textContent).toContain('\\frac{n(n+1)}{2}'),
  },
  {
    name: '```math block',
    markdown: '```math\na^2 + b^2 = c^2\n```',
    check: (root) =>
      expect(one(root, '.katex-display annotation').textContent?.trim()).toBe('a^2 + b^2 = c^2'),
  },
  {
    name: 'invalid TeX shows its source instead of failing the page',
    markdown: 'Broken: $\\frac{1}{$ and after',
    check: (root) => expect(text(root)).toContain('and after'),
  },
  {
    name: 'KaTeX \\href and \\includegraphics are not trusted',
    markdown:
      '$\\href{javascript:alert(1)}{click}$ $\\includegraphics{https://evil.example/x.png}$ $\\url{javascript:x}$',
    check: (root) => {
      none(root, 'a[href]');
      none(root, 'img');
    },
  },
  {
    name: 'a ```mermaid block waits as its source (drawn in the browser)',
    markdown: '```mermaid\ngraph TD\n  A-->B\n```',
    check: (root) => {
      expect(one(root, '[data-diagram-pending="mermaid"] code').textContent).toBe('graph TD\n  A-->B');
      none(root, 'pre code.hljs');
    },
  },
  {
    name: '```flow and ```seq blocks are recognised as diagrams',
    markdown: '```flow\nst=>start: Start\ne=>end\nst->e\n```\n\n```seq\nA->B: hi\n```',
    check: (root) => {
      one(root, '[data-diagram-pending="flow"]');
      one(root, '[data-diagram-pending="seq"]');
    },
  },
];
