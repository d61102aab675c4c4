/**
 * The XSS corpus: each case must render without anything that runs script (checked for every case by
 * corpus.test.tsx with `scriptRisks`), and keep its harmless text where there is some.
 */
import { expect } from '@jest/globals';
import type { CorpusCase } from './cases';

const keeps = (words: string) => (root: HTMLElement) => expect(root.textContent).toContain(words);
const noLinkTarget = (root: HTMLElement) => {
  for (const link of Array.from(root.querySelectorAll('a'))) {
    expect(link.getAttribute('href') ?? '').not.toMatch(/script|data:/i);
  }
};

export const xssCases: CorpusCase[] = [
  {
    name: '<script> element',
    markdown: 'before\n\n<script>window.__xss = 1</script>\n\nafter',
    check: keeps('after'),
  },
  { name: '<img onerror>', markdown: '<img src=x onerror="window.__xss=1"> text', check: keeps('text') },
  {
    name: 'markdown link to javascript:',
    markdown: '[click](javascript:window.__xss=1)',
    check: noLinkTarget,
  },
  {
    name: 'javascript: hidden by case, entities, tabs and spaces',
    markdown:
      '<a href="JaVaScRiPt:alert(1)">a</a> <a href="&#106;avascript:alert(1)">b</a> <a href="java\tscript:alert(1)">c</a> <a href="  javascript:alert(1)">d</a> [e](&#x6A;avascript:alert(1))',
    check: noLinkTarget,
  },
  {
    name: 'markdown image with a javascript: source',
    markdown: '![x](javascript:alert(1))',
    check: (root) => expect(root.querySelector('img')?.getAttribute('src') ?? '').toBe(''),
  },
  {
    name: '<img src=javascript:>',
    markdown: '<img src="javascript:alert(1)">',
    check: (root) => expect(root.querySelector('img')?.getAttribute('src') ?? null).toBeNull(),
  },
  {
    name: 'data:text/html link',
    markdown: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    check: noLinkTarget,
  },
  {
    name: '<svg onload>',
    markdown: '<svg onload="window.__xss=1"><circle r="4"/></svg> text',
    check: keeps('text'),
  },
  { name: '<svg><script>', markdown: '<svg><script>window.__xss=1</script></svg>ok', check: keeps('ok') },
  {
    name: 'SVG link with xlink:href',
    markdown: '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    check: noLinkTarget,
  },
  {
    name: 'MathML mutation trick (mXSS)',
    markdown:
      '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1></style></mglyph></table></mtext></math>',
    check: () => undefined,
  },
  {
    name: 'MathML link',
    markdown: '<math href="javascript:alert(1)"><mi>x</mi></math>',
    check: noLinkTarget,
  },
  {
    name: '<iframe>, <object>, <embed>',
    markdown:
      '<iframe src="javascript:alert(1)"></iframe><object data="x.swf"></object><embed src="x.swf">done',
    check: keeps('done'),
  },
  {
    name: 'forms and formaction',
    markdown:
      '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button><input type="text" onfocus="x()" autofocus></form>',
    check: () => undefined,
  },
  {
    name: '<base> and <meta refresh>',
    markdown:
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">x',
    check: keeps('x'),
  },
  {
    name: '<style> element',
    markdown: '<style>body{background:url(javascript:alert(1))}</style>styled?',
    check: keeps('styled?'),
  },
  {
    name: 'style with url()',
    markdown: '<span style="color:red;background:url(https://evil.example/t.png)">u</span>',
    check: (root) => expect(root.querySelector('span')?.getAttribute('style')).toBe('color: red;'),
  },
  {
    name: 'style with expression()',
    markdown: '<span style="color:expression(alert(1))">e</span>',
    check: (root) => expect(root.querySelector('span')?.hasAttribute('style')).toBe(false),
  },
  {
    name: 'style with a CSS escape or comment',
    markdown: '<span style="color:red;background:u\\72l(x)">a</span><span style="color:/**/red">b</span>',
    check: (root) => expect(root.querySelector('[style]')).toBeNull(),
  },
  {
    name: 'style with behavior and -moz-binding',
    markdown: '<span style="behavior:url(x.htc);-moz-binding:url(x.xml#y);color:blue">b</span>',
    check: (root) => expect(root.querySelector('span')?.getAttribute('style')).toBe('color: blue;'),
  },
  {
    name: 'event handlers on allowed elements',
    markdown:
      '<font color="red" onmouseover="x()">f</font> <details open ontoggle="x()"><summary onclick="x()">s</summary></details> <kbd onclick="x()">k</kbd>',
    check: keeps('f'),
  },
  {
    name: 'DOM clobbering names and ids are prefixed',
    markdown: '<img name="getElementById" src="a.png"><p id="__proto__">p</p>',
    check: (root) => {
      expect(root.querySelector('img')?.getAttribute('name') ?? 'user-content-').toMatch(/^user-content-/);
      expect(root.querySelector('p[id]')?.id).toBe('user-content-__proto__');
    },
  },
  {
    name: 'unclosed and broken tags',
    markdown:
      '<img src=x onerror=alert(1)//\n\n<a href="javascript:alert(1)"\n\n<<script>script>alert(1)<</script>/script>',
    check: noLinkTarget,
  },
  {
    name: 'HTML comment and CDATA tricks',
    markdown: '<!--><img src=x onerror=alert(1)>--> <![CDATA[<img src=x onerror=alert(1)>]]>',
    check: () => undefined,
  },
  {
    name: 'srcset and background attributes',
    markdown:
      '<img srcset="javascript:alert(1)"><table background="javascript:alert(1)"><tr><td>t</td></tr></table>',
    check: keeps('t'),
  },
  {
    name: 'a mermaid block with HTML in it stays text until drawn',
    markdown: '```mermaid\ngraph TD\n  A["<img src=x onerror=window.__xss=1>"]-->B\n```',
    check: keeps('<img src=x onerror=window.__xss=1>'),
  },
];
