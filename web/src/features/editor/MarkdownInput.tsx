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

/** Inserts text at the caret of the editor's textarea inside `root`, else appends it. */
export function insertAtCaret(
  root: HTMLElement | null,
  value: string,
  text: string,
): { value: string; caret: number } {
  const textarea = root?.querySelector('textarea');
  // A caret left at 0 of a non-empty text was never placed: append instead of prepending.
  if (!textarea || (value !== '' && textarea.selectionStart === 0 && textarea.selectionEnd === 0)) {
    const joined = value && !value.endsWith('\n') ? `${value}\n${text}` : value + text;
    return { value: joined, caret: joined.length };
  }
  const start = textarea.selectionStart ?? value.length;
  const end = textarea.selectionEnd ?? start;
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}
