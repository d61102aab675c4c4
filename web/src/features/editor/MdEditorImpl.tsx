import { SegmentedControl, Stack, useComputedColorScheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import MDEditor from '@uiw/react-md-editor/nohighlight';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@uiw/react-md-editor/markdown-editor.css';
import { lazyModule, useLazyModule } from '../../app/lazy-module';
import type { MarkdownInputProps } from './markdownInput.types';
import { localizedToolbars } from './toolbar-commands';

/** The preview is the reader's own renderer (issue #22: one markdown pipeline), not md-editor's. */
const markdownView = lazyModule(() => import('../markdown/MarkdownView'));

function Preview({ source }: { source: string }) {
  const module = useLazyModule(markdownView);
  return module ? <module.MarkdownView content={source} /> : null;
}

const renderPreview = (source: string) => <Preview source={source} />;

/** Below this width text and preview side by side leave each a column too narrow to read (#22). */
const PHONE_QUERY = '(max-width: 48em)';

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
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [phoneTab, setPhoneTab] = useState<'edit' | 'preview'>('edit');
  const uploadLabel = t('insert.uploadImage');
  const toolbars = useMemo(
    () => localizedToolbars({ label: (key) => t(`toolbar.${key}`), onPickImage, uploadLabel }),
    [onPickImage, uploadLabel, t],
  );
  // On a phone the text and the preview are two tabs; the edit/live/preview switches would only
  // bring back the cramped side-by-side view, so only full screen stays.
  const mode = phone ? phoneTab : preview ? 'live' : 'edit';
  const extra = phone ? toolbars.extra.filter((command) => command.name === 'fullscreen') : toolbars.extra;
  const editor = (
    <div data-color-mode={scheme} data-editor-mode={mode}>
      <MDEditor
        value={value}
        onChange={(next) => onChange(next ?? '')}
        preview={mode}
        height={height}
        visibleDragbar={false}
        hideToolbar={readOnly}
        commands={toolbars.main}
        extraCommands={extra}
        textareaProps={{ onPaste, onDrop, 'aria-label': ariaLabel, readOnly }}
        components={{ preview: renderPreview }}
      />
    </div>
  );
  if (!phone) return editor;
  return (
    <Stack gap={4}>
      <SegmentedControl
        size="xs"
        aria-label={t('phone.tabs')}
        value={phoneTab}
        onChange={(next) => setPhoneTab(next === 'preview' ? 'preview' : 'edit')}
        data={[
          { value: 'edit', label: t('phone.edit') },
          { value: 'preview', label: t('phone.preview') },
        ]}
      />
      {editor}
    </Stack>
  );
}
