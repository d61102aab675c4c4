import { describe, expect, it } from '@jest/globals';
import { filterStyle } from './sanitize-schema';
import { DiagramSyntaxError, flowToMermaid, seqToMermaid } from './showdoc-diagrams';
import { sanitizeSvg } from './svg-sanitize';

describe('flowToMermaid (ShowDoc ```flow, flowchart.js syntax)', () => {
  it('translates nodes, shapes, conditions and chained edges', () => {
    const flow = [
      'st=>start: 开始|past:>http://www.example.com[blank]',
      'op=>operation: Check "token"',
      'cond=>condition: Valid?',
      'io=>inputoutput: Return 401',
      'e=>end: End',
      '',
      'st->op(right)->cond',
      'cond(yes, right)->e',
      'cond(no)->io->e',
    ].join('\n');
    expect(flowToMermaid(flow)).toBe(
      [
        'flowchart TD',
        '  n0(["开始"])',
        '  n1["Check #quot;token#quot;"]',
        '  n2{"Valid?"}',
        '  n3[/"Return 401"/]',
        '  n4(["End"])',
        '  n0 --> n1',
        '  n1 --> n2',
        '  n2 -->|"yes"| n4',
        '  n2 -->|"no"| n3',
        '  n3 --> n4',
      ].join('\n'),
    );
  });

  it('names the line of an undefined node or an unknown type', () => {
    expect(() => flowToMermaid('a=>start: A\na->b')).toThrow(
      new DiagramSyntaxError('line 2: "b" is not defined'),
    );
    expect(() => flowToMermaid('a=>rocket: A')).toThrow('line 1: unknown node type "rocket"');
    expect(() => flowToMermaid('')).toThrow(DiagramSyntaxError);
  });
});

describe('seqToMermaid (ShowDoc ```seq, js-sequence-diagrams syntax)', () => {
  it('translates title, participants, the four arrows and notes', () => {
    const seq = [
      'Title: 登录',
      'participant Browser as B',
      'B->Server: POST /login',
      'Server-->B: 200 {token}',
      'B->>Server: ping; #1',
      'Server-->>B: pong',
      'Note right of Server: checks\\nthe password',
      'Note over B,Server: TLS',
    ].join('\n');
    expect(seqToMermaid(seq)).toBe(
      [
        'sequenceDiagram',
        '  title 登录',
        '  participant p0 as Browser',
        '  participant p1 as Server',
        '  p0->>p1: POST /login',
        '  p1-->>p0: 200 {token}',
        '  p0-)p1: ping#59; #35;1',
        '  p1--)p0: pong',
        '  Note right of p1: checks<br/>the password',
        '  Note over p0,p1: TLS',
      ].join('\n'),
    );
  });

  it('refuses a line it cannot read, naming it', () => {
    expect(() => seqToMermaid('A->B: ok\nthis is not a signal')).toThrow('line 2:');
  });
});

describe('filterStyle', () => {
  it('keeps colour declarations only, with plain values', () => {
    expect(filterStyle('color:red; font-size: 40px; background: #ff0 !important')).toBe(
      'color: red; background-color: #ff0',
    );
    expect(filterStyle('background-color: rgba(0, 0, 0, 0.5)')).toBe('background-color: rgba(0, 0, 0, 0.5)');
    for (const bad of [
      'color: expression(alert(1))',
      'background: url(https://evil.example/x.png)',
      'color: red\\;position:fixed',
      'color: /**/red',
      'behavior: url(x.htc)',
    ]) {
      expect(filterStyle(bad)).toBe('');
    }
  });
});

describe('sanitizeSvg (mermaid output, cleaned again)', () => {
  it('drops scripts, handlers, links, HTML islands and external references; keeps shapes, text labels and the theme', () => {
    const clean = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" id="d"><style>#d .node{fill:#eee}</style><script>alert(1)</script>' +
        '<g class="node" onclick="alert(1)"><rect width="10" height="10"/><text class="label">Label</text><foreignObject><div onmouseover="x()">Label<img src=x onerror=alert(1)></div></foreignObject></g>' +
        '<a href="javascript:alert(1)"><text>link</text></a><use href="https://evil.example/s.svg#x"/></svg>',
    );
    const root = document.createElement('div');
    root.innerHTML = clean;
    expect(root.querySelector('svg rect')).not.toBeNull();
    expect(root.querySelector('svg style')?.textContent).toContain('.node');
    expect(root.querySelector('svg text.label')?.textContent).toBe('Label');
    expect(root.querySelector('script, a, use')).toBeNull();
    expect(clean).not.toMatch(/onclick|onmouseover|onerror|javascript:/i);
  });
});
