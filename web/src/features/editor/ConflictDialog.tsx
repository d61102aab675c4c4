import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorPageFieldsFragment } from '../../gql/graphql';
import { SideBySideDiff } from '../diff/SideBySideDiff';
import { DialogFrame } from '../shell/DialogFrame';

interface ConflictDialogProps {
  mine: string;
  theirs: EditorPageFieldsFragment;
  saving: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onClose(): void;
}

/** VERSION_CONFLICT: both texts side by side; the user keeps theirs or mine, nothing is lost. */
export function ConflictDialog({
  mine,
  theirs,
  saving,
  onKeepMine,
  onTakeTheirs,
  onClose,
}: ConflictDialogProps) {
  const { t } = useTranslation('editor');
  const [view, setView] = useState<'texts' | 'diff'>('texts');
  return (
    <DialogFrame
      opened
      title={t('conflict.title')}
      onClose={onClose}
      size="90%"
      headerButtons={
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value === 'diff' ? 'diff' : 'texts')}
          data={[
            { value: 'texts', label: `${t('conflict.mine')} / ${t('conflict.theirs')}` },
            { value: 'diff', label: t('conflict.openDiff') },
          ]}
        />
      }
    >
      <Stack gap="sm">
        <Text size="sm">{t('conflict.text', { version: theirs.version })}</Text>
        {view === 'texts' ? (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Textarea label={t('conflict.mine')} value={mine} readOnly autosize minRows={12} maxRows={24} />
            <Textarea
              label={`${t('conflict.theirs')} (${theirs.authorName})`}
              value={theirs.content}
              readOnly
              autosize
              minRows={12}
              maxRows={24}
            />
          </SimpleGrid>
        ) : (
          <SideBySideDiff
            older={theirs.content}
            newer={mine}
            olderLabel={t('conflict.theirs')}
            newerLabel={t('conflict.mine')}
            maxHeight="55vh"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onTakeTheirs}>
            {t('conflict.takeTheirs')}
          </Button>
          <Button loading={saving} onClick={onKeepMine}>
            {t('conflict.keepMine')}
          </Button>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
