import { ActionIcon, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that asks before it acts, in a small popover (lighter than a dialog for one question). */
export function ConfirmButton({
  label,
  question,
  loading,
  onConfirm,
}: {
  label: string;
  question: string;
  loading: boolean;
  onConfirm(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} withArrow shadow="md" width={260}>
      <Popover.Target>
        <Button size="xs" variant="default" onClick={() => setOpened((value) => !value)}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">{question}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              size="xs"
              loading={loading}
              onClick={() => void onConfirm().finally(() => setOpened(false))}
            >
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A small trash icon that asks before it acts. */
export function ConfirmIcon({
  label,
  question,
  loading,
  onConfirm,
}: {
  label: string;
  question: string;
  loading: boolean;
  onConfirm(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} withArrow shadow="md" width={240} position="left">
      <Popover.Target>
        <Tooltip label={label}>
          <ActionIcon variant="subtle" color="red" aria-label={label} onClick={() => setOpened((v) => !v)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">{question}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              size="xs"
              color="red"
              loading={loading}
              onClick={() => void onConfirm().finally(() => setOpened(false))}
            >
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
