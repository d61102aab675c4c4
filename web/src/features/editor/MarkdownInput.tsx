import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { MarkdownInputProps } from './markdownInput.types';

/** The md-editor (and its CSS) load when an editor first opens, not with the app (STACK.md). */
const MdEditorImpl = lazy(() => import('./MdEditorImpl'));

export function MarkdownInput(props: MarkdownInputProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height}>
          <Loader />
        </Center>
      }
    >
      <MdEditorImpl {...props} />
    </Suspense>
  );
}

/**
 * Inserts text at the caret of the editor's textarea inside `root`, else appends it. A `block` (a
 * template, a table) gets blank lines around it, so it never glues onto the line it lands in.
 */
export function insertAtCaret(
  root: HTMLElement | null,
  value: string,
  text: string,
  options: { block?: boolean } = {},
): { value: string; caret: number } {
  const textarea = root?.querySelector('textarea');
  // A caret left at 0 of a non-empty text was never placed: append instead of prepending.
  const unplaced =
    !textarea || (value !== '' && textarea.selectionStart === 0 && textarea.selectionEnd === 0);
  const start = unplaced ? value.length : (textarea.selectionStart ?? value.length);
  const end = unplaced ? start : (textarea.selectionEnd ?? start);
  const before = value.slice(0, start);
  const after = value.slice(end);
  let piece = text;
  if (options.block) piece = asBlock(before, text, after);
  else if (unplaced && before !== '' && !before.endsWith('\n')) piece = `\n${text}`;
  return { value: before + piece + after, caret: before.length + piece.length };
}

function asBlock(before: string, text: string, after: string): string {
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  return lead + text.replace(/\n+$/, '') + trail;
}
