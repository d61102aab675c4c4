import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCode, errorMessage } from '../../app/errors';

/**
 * The collaborator quota (spec §8, 10310): the server's message, what counts, and where to upgrade.
 * Other failures are the server's message alone.
 */
export function quotaAwareMessage(error: unknown, fallback: string): ReactNode {
  const message = errorMessage(error, fallback);
  return errorCode(error) === 'COLLABORATOR_LIMIT' ? <QuotaPrompt message={message} /> : message;
}

function QuotaPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="quota-prompt">
      <Text size="sm" fw={600}>
        {t('teams.quotaTitle')}
      </Text>
      <Text size="sm">{message}</Text>
      <Text size="sm">{t('members.quotaHint')}</Text>
      <Group gap="md">
        <Anchor component={Link} to="/prices" size="sm">
          {t('members.prices')}
        </Anchor>
        <Anchor component={Link} to="/user/setting" size="sm">
          {t('members.account')}
        </Anchor>
      </Group>
    </Stack>
  );
}
