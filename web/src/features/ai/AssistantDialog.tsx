import { Alert, Button, Group, Loader, Modal, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlayerStop, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssistant } from './useAssistant';

export interface AssistantDialogProps {
  opened: boolean;
  /** The text selected in the editor when the dialog opened ('' for none). */
  selection: string;
  onClose(): void;
  onInsert(text: string): void;
  onReplace(text: string): void;
}

/**
 * The writing assistant in the page editor (spec 001 §2 editor menu): a prompt, the answer as it streams,
 * then insert it at the caret or put it in place of the selection; stop ends a long answer early.
 */
export function AssistantDialog({ opened, selection, onClose, onInsert, onReplace }: AssistantDialogProps) {
  const { t, i18n } = useTranslation('editor');
  const phone = useMediaQuery('(max-width: 48em)');
  const [prompt, setPrompt] = useState('');
  const { answer, streaming, error, ask, stop } = useAssistant(i18n.language);

  const send = () => {
    const text = prompt.trim();
    if (!text || streaming) return;
    void ask(selection ? `${text}\n\n${t('ai.selectionLead')}\n${selection}` : text);
  };
  const close = () => {
    stop();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('ai.title')} size="lg" fullScreen={phone ?? false}>
      <Stack gap="sm">
        {selection ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {t('ai.withSelection', { count: selection.length })}
          </Text>
        ) : null}
        <Textarea
          label={t('ai.prompt')}
          placeholder={t('ai.promptPlaceholder')}
          autosize
          minRows={3}
          maxRows={8}
          value={prompt}
          onChange={(e) => setPrompt(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
          }}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          {streaming ? (
            <Button variant="default" color="red" leftSection={<IconPlayerStop size={16} />} onClick={stop}>
              {t('ai.stop')}
            </Button>
          ) : null}
          <Button
            leftSection={<IconSparkles size={16} />}
            onClick={send}
            disabled={!prompt.trim() || streaming}
          >
            {t('ai.ask')}
          </Button>
        </Group>
        {error ? <Alert color="red">{error}</Alert> : null}
        {answer || streaming ? (
          <Paper withBorder p="sm" aria-live="polite" aria-label={t('ai.answer')}>
            <ScrollArea.Autosize mah={phone ? undefined : 320}>
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                data-testid="ai-answer"
              >
                {answer}
              </Text>
              {streaming ? <Loader size="xs" mt={4} /> : null}
            </ScrollArea.Autosize>
          </Paper>
        ) : null}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="default" onClick={close}>
            {t('ai.close')}
          </Button>
          <Button
            variant="default"
            disabled={!answer || streaming || !selection}
            onClick={() => onReplace(answer)}
          >
            {t('ai.replace')}
          </Button>
          <Button disabled={!answer || streaming} onClick={() => onInsert(answer)}>
            {t('ai.insert')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
