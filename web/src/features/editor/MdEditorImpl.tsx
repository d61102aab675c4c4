import { useComputedColorScheme } from '@mantine/core';
import MDEditor from '@uiw/react-md-editor/nohighlight';
import '@uiw/react-md-editor/markdown-editor.css';
import type { MarkdownInputProps } from './markdownInput.types';

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
      />
    </div>
  );
}
