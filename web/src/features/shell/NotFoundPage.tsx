import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} c="dimmed">
          404
        </Title>
        <Title order={3}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          {t('common.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
