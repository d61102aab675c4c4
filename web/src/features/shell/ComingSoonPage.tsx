import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec routes whose screens come with later issues: they render, they do not 404. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py={60} ta="center">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconHourglassHigh size={30} stroke={1.5} />
      </ThemeIcon>
      <Title order={3}>{t('comingSoon.title')}</Title>
      <Text c="dimmed">{t('comingSoon.text')}</Text>
      <Button component={Link} to="/item/index" variant="light" mt="sm">
        {t('comingSoon.toItems')}
      </Button>
    </Stack>
  );
}
