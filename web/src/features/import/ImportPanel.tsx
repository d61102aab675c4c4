import { Alert, Anchor, Button, Group, Progress, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './ImportPanel.module.css';
import { useImport } from './useImport';

const ACCEPT = '.zip,.json,.yaml,.yml';

/**
 * The import form: drop or pick a file, choose a new item or the current one (when there is one), watch
 * the upload and the server's progress (percentage, current page), then open the result. `onOpen` runs
 * when the result's link is followed (the dialog around the panel closes: into this item, the link is the
 * page already shown, so nothing else would).
 */
export function ImportPanel({
  item,
  onOpen,
}: {
  item?: { id: number; name: string } | null;
  onOpen?(): void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<'new' | 'this'>(item ? 'this' : 'new');
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { phase, run, reset } = useImport();
  const busy = phase.step === 'uploading' || phase.step === 'running';

  const choose = (next: File | undefined | null) => {
    if (!next) return;
    setFile(next);
    reset();
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files?.[0]);
  };

  return (
    <Stack gap="sm" data-testid="import-panel">
      <div
        className={classes.drop}
        data-dragging={dragging || undefined}
        role="button"
        tabIndex={0}
        aria-label={t('importItem.drop')}
        onClick={() => !busy && input.current?.click()}
        onKeyDown={(event) => {
          if ((event.key === 'Enter' || event.key === ' ') && !busy) input.current?.click();
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <IconUpload size={28} />
        <Text size="sm" fw={600}>
          {file ? file.name : t('importItem.drop')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('importItem.formats')}
        </Text>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="import-file"
          onChange={(event) => choose(event.currentTarget.files?.[0])}
        />
      </div>

      {item ? (
        <Radio.Group
          value={target}
          onChange={(value) => setTarget(value === 'this' ? 'this' : 'new')}
          label={t('importItem.target')}
        >
          <Stack gap={6} mt={6}>
            <Radio value="this" label={t('importItem.intoThis', { name: item.name })} disabled={busy} />
            <Radio value="new" label={t('importItem.intoNew')} disabled={busy} />
          </Stack>
        </Radio.Group>
      ) : null}
      {item && target === 'this' ? (
        <Text size="xs" c="dimmed">
          {t('importItem.overwriteHint')}
        </Text>
      ) : null}

      {phase.step === 'uploading' || phase.step === 'running' ? (
        <Stack gap={4} aria-live="polite">
          <Progress value={phase.step === 'uploading' ? phase.percent : phase.percent} animated />
          <Text size="xs" c="dimmed" data-testid="import-progress">
            {phase.step === 'uploading'
              ? t('importItem.uploading', { percent: phase.percent })
              : t('importItem.running', { percent: phase.percent, page: phase.currentPage || '…' })}
          </Text>
        </Stack>
      ) : null}

      {phase.step === 'failed' ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="import-error">
          {phase.message}
        </Alert>
      ) : null}

      {phase.step === 'done' ? (
        <Alert color="green" icon={<IconCheck size={18} />} data-testid="import-done">
          <Text size="sm">
            {t('importItem.done', {
              pages: phase.result.pages,
              catalogs: phase.result.catalogs,
              overwritten: phase.result.overwritten,
            })}
          </Text>
          <Anchor
            component={Link}
            to={`/${phase.result.itemId}`}
            size="sm"
            data-testid="import-open"
            onClick={() => onOpen?.()}
          >
            {t('importItem.open')}
          </Anchor>
        </Alert>
      ) : null}

      <Group justify="flex-end">
        <Button
          onClick={() => file && void run(file, item && target === 'this' ? item.id : null)}
          disabled={!file || busy}
          loading={busy}
        >
          {t('importItem.start')}
        </Button>
      </Group>
    </Stack>
  );
}
