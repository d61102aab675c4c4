import { describe, expect, it } from '@jest/globals';
import { insertAtCaret } from './MarkdownInput';

/** A root holding a textarea with `value` and the caret (or selection) at `start`..`end`. */
function editorWith(value: string, start: number, end = start): HTMLElement {
  const root = document.createElement('div');
  const textarea = document.createElement('textarea');
  textarea.value = value;
  root.appendChild(textarea);
  textarea.setSelectionRange(start, end);
  return root;
}

describe('insertAtCaret', () => {
  it('inserts inline text at the caret, replacing a selection', () => {
    expect(insertAtCaret(editorWith('hello world', 6), 'hello world', 'big ')).toEqual({
      value: 'hello big world',
      caret: 10,
    });
    expect(insertAtCaret(editorWith('hello world', 6, 11), 'hello world', 'there').value).toBe('hello there');
  });

  it('appends on a new line when the caret was never placed', () => {
    expect(insertAtCaret(null, 'first line', 'next').value).toBe('first line\nnext');
    expect(insertAtCaret(editorWith('first line', 0), 'first line', 'next').value).toBe('first line\nnext');
    expect(insertAtCaret(null, '', 'only').value).toBe('only');
  });

  it('sets a block apart with blank lines so a table never joins the line before it', () => {
    const table = '|a|b|\n|:-|:-|\n|1|2|\n';
    const text = '- last item of a list';
    const appended = insertAtCaret(editorWith(text, text.length), text, table, { block: true });
    expect(appended.value).toBe(`${text}\n\n|a|b|\n|:-|:-|\n|1|2|\n`);
    expect(appended.caret).toBe(appended.value.length);
    // In the middle of a line: blank lines on both sides; the caret ends after the block's own text.
    const middle = insertAtCaret(editorWith('ab', 1), 'ab', 'X', { block: true });
    expect(middle).toEqual({ value: 'a\n\nX\n\nb', caret: 6 });
    // Blank lines already there are not doubled; an empty editor gets the block alone.
    expect(insertAtCaret(editorWith('a\n\n\nb', 3), 'a\n\n\nb', 'X', { block: true }).value).toBe(
      'a\n\nX\n\nb',
    );
    expect(insertAtCaret(null, '', 'X\n\n', { block: true }).value).toBe('X\n');
  });
});
