import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** /item/index: the home after login. The item list itself (groups, search, cards) comes with a later issue. */
export function ItemIndexPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={2}>{t('shell.myItems')}</Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs" py="xl" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="gray">
            <IconFolderOpen size={34} stroke={1.4} />
          </ThemeIcon>
          <Title order={4}>{t('items.emptyTitle')}</Title>
          <Text c="dimmed" size="sm">
            {t('items.emptyText')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
