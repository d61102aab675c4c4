import { useComputedColorScheme } from '@mantine/core';
import MDEditor from '@uiw/react-md-editor/nohighlight';
import '@uiw/react-md-editor/markdown-editor.css';
import { lazy, Suspense } from 'react';
import type { MarkdownInputProps } from './markdownInput.types';

/** The preview is the reader's own renderer (issue #22: one markdown pipeline), not md-editor's. */
const MarkdownView = lazy(() => import('../markdown/MarkdownView'));

const renderPreview = (source: string) => (
  <Suspense fallback={null}>
    <MarkdownView content={source} />
  </Suspense>
);

/** The md-editor itself; loaded lazily (its own chunk) and replaced by a textarea in unit tests. */
export default function MdEditorImpl({
  value,
  onChange,
  preview,
  height,
  onPaste,
  ariaLabel,
  readOnly = false,
}: MarkdownInputProps) {
  const scheme = useComputedColorScheme('light');
  return (
    <div data-color-mode={scheme}>
      <MDEditor
        value={value}
        onChange={(next) => onChange(next ?? '')}
        preview={preview ? 'live' : 'edit'}
        height={height}
        visibleDragbar={false}
        hideToolbar={readOnly}
        textareaProps={{ onPaste, 'aria-label': ariaLabel, readOnly }}
        components={{ preview: renderPreview }}
      />
    </div>
  );
}
