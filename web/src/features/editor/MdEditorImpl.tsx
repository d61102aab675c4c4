import { useComputedColorScheme } from '@mantine/core';
import MDEditor, { commands, type ICommand } from '@uiw/react-md-editor/nohighlight';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import '@uiw/react-md-editor/markdown-editor.css';
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
  onDrop,
  onPickImage,
  ariaLabel,
  readOnly = false,
}: MarkdownInputProps) {
  const scheme = useComputedColorScheme('light');
  const { t } = useTranslation('editor');
  const uploadLabel = t('insert.uploadImage');
  // The image button uploads (the caller opens a file picker) instead of inserting an empty `![]()`.
  const toolbar = useMemo<ICommand[] | undefined>(() => {
    if (!onPickImage) return undefined;
    return commands.getCommands().map((command) =>
      command.name === 'image'
        ? {
            ...command,
            buttonProps: { 'aria-label': uploadLabel, title: uploadLabel },
            execute: () => onPickImage(),
          }
        : command,
    );
  }, [onPickImage, uploadLabel]);
  return (
    <div data-color-mode={scheme}>
      <MDEditor
        value={value}
        onChange={(next) => onChange(next ?? '')}
        preview={preview ? 'live' : 'edit'}
        height={height}
        visibleDragbar={false}
        hideToolbar={readOnly}
        commands={toolbar}
        textareaProps={{ onPaste, onDrop, 'aria-label': ariaLabel, readOnly }}
        components={{ preview: renderPreview }}
      />
    </div>
  );
}
