import { useMutation, useQuery } from '@apollo/client/react';
import { ActionIcon, Group, Pill, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  AddNotifySubscribersDocument,
  NotifySubscribersDocument,
  RemoveNotifySubscribersDocument,
} from '../../gql/graphql';

/**
 * The save-and-notify dialog's "who is notified": the page's subscribers, to which the editor adds or
 * removes people who work on the item before saving.
 */
export function NotifySubscribers({ pageId, itemId }: { pageId: number; itemId: number }) {
  const { t } = useTranslation();
  const variables = { pageId, itemId };
  const list = useQuery(NotifySubscribersDocument, { variables, fetchPolicy: 'network-only' });
  const refetchQueries = [{ query: NotifySubscribersDocument, variables }];
  const [add] = useMutation(AddNotifySubscribersDocument, { refetchQueries, awaitRefetchQueries: true });
  const [remove] = useMutation(RemoveNotifySubscribersDocument, {
    refetchQueries,
    awaitRefetchQueries: true,
  });
  const onError = (failure: unknown) =>
    notifications.show({ color: 'red', message: errorMessage(failure, t('messageCenter.failed')) });

  const subscribers = list.data?.pageSubscribers ?? [];
  const subscribed = new Set(subscribers.map((s) => s.userId));
  const candidates = (list.data?.itemCollaborators ?? [])
    .map((c) => c.user)
    .filter((u) => !subscribed.has(u.id))
    .map((u) => ({ value: String(u.id), label: u.name ? `${u.username} (${u.name})` : u.username }));

  return (
    <Stack gap={6} data-testid="notify-subscribers">
      <Text size="sm" fw={500}>
        {t('messageCenter.subscribers')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('messageCenter.subscribersHint')}
      </Text>
      {subscribers.length ? (
        <Group gap={6}>
          {subscribers.map((s) => (
            <Pill key={s.userId} size="md">
              <Group gap={2} wrap="nowrap">
                {s.name || s.username}
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={t('messageCenter.removeSubscriber', { name: s.username })}
                  onClick={() => void remove({ variables: { pageId, userIds: [s.userId] } }).catch(onError)}
                >
                  <IconX size={12} />
                </ActionIcon>
              </Group>
            </Pill>
          ))}
        </Group>
      ) : (
        <Text size="xs">{t('messageCenter.noSubscribers')}</Text>
      )}
      {candidates.length ? (
        <Select
          size="xs"
          searchable
          placeholder={t('messageCenter.addSubscriber')}
          aria-label={t('messageCenter.addSubscriber')}
          data={candidates}
          value={null}
          onChange={(value) =>
            value && void add({ variables: { pageId, userIds: [Number(value)] } }).catch(onError)
          }
        />
      ) : null}
    </Stack>
  );
}
