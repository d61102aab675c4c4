import { useApolloClient } from '@apollo/client/react';
import { Alert, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { DialogFrame } from '../shell/DialogFrame';
import { convertSqlToMarkdown } from './sql';
import { beautifyJson, jsonToTable, pasteToTable } from './tables';

export type TextTool = 'jsonToTable' | 'beautifyJson' | 'pasteTable' | 'sqlToTable';

interface TextToolDialogProps {
  tool: TextTool | null;
  onClose(): void;
  onInsert(markdown: string): void;
}

/** The insert menu's converters: paste something in, get markdown at the caret. */
export function TextToolDialog({ tool, onClose, onInsert }: TextToolDialogProps) {
  const { t } = useTranslation('editor');
  const client = useApolloClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setText('');
    setError(null);
  }, [tool]);

  if (!tool) return null;
  const titles: Record<TextTool, string> = {
    jsonToTable: t('insert.jsonToTable'),
    beautifyJson: t('insert.beautifyJson'),
    pasteTable: t('insert.pasteTable'),
    sqlToTable: t('insert.sqlToTable'),
  };
  const label =
    tool === 'pasteTable'
      ? t('insert.pasteLabel')
      : tool === 'sqlToTable'
        ? t('insert.sqlLabel')
        : t('insert.jsonLabel');
  const placeholder =
    tool === 'pasteTable'
      ? t('insert.pastePlaceholder')
      : tool === 'sqlToTable'
        ? t('insert.sqlPlaceholder')
        : t('insert.jsonPlaceholder');

  async function convert(): Promise<void> {
    setError(null);
    if (tool === 'jsonToTable' || tool === 'beautifyJson') {
      const result =
        tool === 'jsonToTable'
          ? jsonToTable(text, {
              name: t('table.name'),
              type: t('table.type'),
              description: t('table.description'),
              none: t('table.none'),
            })
          : beautifyJson(text);
      if (!result.ok) {
        setError(t('insert.jsonParseFail'));
        return;
      }
      onInsert(result.value);
      return;
    }
    if (tool === 'pasteTable') {
      const table = pasteToTable(text);
      if (!table) {
        setError(t('insert.pasteEmpty'));
        return;
      }
      onInsert(table);
      return;
    }
    setBusy(true);
    try {
      const markdown = await convertSqlToMarkdown(client, text);
      onInsert(markdown);
    } catch (failure) {
      setError(errorMessage(failure, t('insert.sqlFail')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogFrame
      opened
      title={titles[tool]}
      onClose={onClose}
      onConfirm={() => void convert()}
      confirmLabel={t('insert.insertButton')}
      loading={busy}
      confirmDisabled={!text.trim()}
      size="xl"
    >
      <Textarea
        label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={10}
        maxRows={20}
        data-autofocus
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </DialogFrame>
  );
}
