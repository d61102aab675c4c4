import { describe, expect, it } from '@jest/globals';
import { diffLines } from './line-diff';

const ops = (a: string, b: string) =>
  diffLines(a, b).map((l) => `${l.op[0]}${l.oldLine ?? '-'}:${l.newLine ?? '-'} ${l.text}`);

describe('line diff', () => {
  it('marks kept, removed and added lines with their numbers on each side', () => {
    expect(ops('a\nb\nc\nd', 'a\nc\nx\nd')).toEqual(['e1:1 a', 'd2:- b', 'e3:2 c', 'i-:3 x', 'e4:4 d']);
  });

  it('handles empty texts and different line endings', () => {
    expect(ops('', 'a\nb')).toEqual(['i-:1 a', 'i-:2 b']);
    expect(ops('a\r\nb', 'a\nb')).toEqual(['e1:1 a', 'e2:2 b']);
    expect(ops('a', '')).toEqual(['d1:- a']);
  });

  it('replaces a huge changed middle whole instead of building a huge table', () => {
    const before = Array.from({ length: 1500 }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: 1500 }, (_, i) => `new ${i}`).join('\n');
    const lines = diffLines(`top\n${before}\nend`, `top\n${after}\nend`);
    expect(lines).toHaveLength(3002);
    expect(lines.filter((l) => l.op === 'delete')).toHaveLength(1500);
    expect(lines[lines.length - 1]).toEqual({ op: 'equal', text: 'end', oldLine: 1502, newLine: 1502 });
  });
});
