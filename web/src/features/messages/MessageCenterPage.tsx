import { useMutation, useQuery } from '@apollo/client/react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Stack,
  Tabs,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/errors';
import {
  DeleteMessageDocument,
  HeaderUnreadMessagesDocument,
  MarkAllMessagesReadDocument,
  MarkMessageReadDocument,
  MessageAnnouncementsDocument,
  MessageRemindersDocument,
  type ReminderFieldsFragment,
} from '../../gql/graphql';

/** Spec §9: the message lists show 5 rows a page. */
export const MESSAGE_PAGE_SIZE = 5;
const REMINDERS = 'remindList';
const ANNOUNCEMENTS = 'announcementList';

/** The message centre (`/message/index?dtab=remindList|announcementList`): reminders and announcements. */
export function MessageCenterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('dtab') === ANNOUNCEMENTS ? ANNOUNCEMENTS : REMINDERS;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const refetchQueries = [
    HeaderUnreadMessagesDocument,
    MessageRemindersDocument,
    MessageAnnouncementsDocument,
  ];
  const onError = (failure: unknown) =>
    notifications.show({ color: 'red', message: errorMessage(failure, t('messageCenter.failed')) });
  const [markAll, marking] = useMutation(MarkAllMessagesReadDocument, { refetchQueries });

  return (
    <Stack gap="md" maw={860} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('messageCenter.title')}</Title>
        <Button variant="light" loading={marking.loading} onClick={() => void markAll().catch(onError)}>
          {t('messageCenter.markAllRead')}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => setParams({ dtab: value ?? REMINDERS })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value={REMINDERS}>{t('messageCenter.reminders')}</Tabs.Tab>
          <Tabs.Tab value={ANNOUNCEMENTS}>{t('messageCenter.announcements')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={REMINDERS} pt="md">
          <ReminderList
            page={page}
            onPage={(next) => setParams({ dtab: REMINDERS, page: String(next) })}
            onError={onError}
          />
        </Tabs.Panel>
        <Tabs.Panel value={ANNOUNCEMENTS} pt="md">
          <AnnouncementList onError={onError} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ReminderList({
  page,
  onPage,
  onError,
}: {
  page: number;
  onPage(page: number): void;
  onError(failure: unknown): void;
}) {
  const { t } = useTranslation();
  const list = useQuery(MessageRemindersDocument, {
    variables: { page, count: MESSAGE_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const refetchQueries = [HeaderUnreadMessagesDocument, MessageRemindersDocument];
  const [markRead] = useMutation(MarkMessageReadDocument, { refetchQueries });
  const [remove] = useMutation(DeleteMessageDocument, { refetchQueries });
  const data = list.data?.reminders;
  if (!data) return list.loading ? <Loader size="sm" /> : <Text c="red">{list.error?.message}</Text>;
  if (!data.items.length) return <Text c="dimmed">{t('messageCenter.empty')}</Text>;
  const headline = (r: ReminderFieldsFragment) => {
    if (r.itemId !== null && r.action === 'member')
      return t('messageCenter.addedToItem', { name: r.fromName, item: r.text });
    if (r.itemId !== null && r.action === 'attorn')
      return t('messageCenter.madeOwner', { name: r.fromName, item: r.text });
    if (r.page && r.action === 'comment')
      return t('messageCenter.commentedPage', { name: r.fromName, title: r.page.title });
    if (r.page) return t('messageCenter.updatedPage', { name: r.fromName, title: r.page.title });
    return t('messageCenter.from', { name: r.fromName });
  };
  const read = (r: ReminderFieldsFragment) =>
    void markRead({ variables: { contentId: r.contentId } }).catch(onError);
  return (
    <Stack gap="sm">
      {data.items.map((reminder) => (
        <Card key={reminder.id} withBorder padding="sm" data-testid="reminder">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                {reminder.state === 'UNREAD' ? (
                  <Badge color="red" size="sm">
                    {t('messageCenter.unread')}
                  </Badge>
                ) : null}
                {reminder.state === 'DELETED' ? (
                  <Badge color="gray" size="sm">
                    {t('messageCenter.deleted')}
                  </Badge>
                ) : null}
                <Text size="sm" fw={500}>
                  {headline(reminder)}
                </Text>
              </Group>
              {reminder.itemId === null ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {reminder.text}
                </Text>
              ) : null}
              <Group gap="md" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {new Date(reminder.createdAt as string).toLocaleString()}
                </Text>
                {reminder.itemId !== null ? (
                  <Anchor
                    size="xs"
                    component={Link}
                    to={`/${reminder.itemId}`}
                    onClick={() => reminder.state === 'UNREAD' && read(reminder)}
                  >
                    {t('messageCenter.openItem')}
                  </Anchor>
                ) : null}
                {reminder.page ? (
                  <Anchor
                    size="xs"
                    component={Link}
                    to={`/${reminder.page.itemId}/${reminder.page.id}`}
                    onClick={() => reminder.state === 'UNREAD' && read(reminder)}
                  >
                    {t('messageCenter.openPage')}
                  </Anchor>
                ) : null}
              </Group>
            </Stack>
            <Group gap={4} wrap="nowrap">
              {reminder.state === 'UNREAD' ? (
                <Button size="compact-xs" variant="subtle" onClick={() => read(reminder)}>
                  {t('messageCenter.markRead')}
                </Button>
              ) : null}
              {reminder.state !== 'DELETED' ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void remove({ variables: { contentId: reminder.contentId } }).catch(onError)}
                >
                  {t('messageCenter.delete')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </Card>
      ))}
      {data.total > MESSAGE_PAGE_SIZE ? (
        <Pagination
          total={Math.ceil(data.total / MESSAGE_PAGE_SIZE)}
          value={page}
          onChange={onPage}
          size="sm"
        />
      ) : null}
    </Stack>
  );
}

/** Announcements; opening the tab marks the unread ones read (spec §9, as ShowDoc's lists do). */
function AnnouncementList({ onError }: { onError(failure: unknown): void }) {
  const { t } = useTranslation();
  const list = useQuery(MessageAnnouncementsDocument, { fetchPolicy: 'network-only' });
  const [markRead] = useMutation(MarkMessageReadDocument, { refetchQueries: [HeaderUnreadMessagesDocument] });
  const unread = (list.data?.announcements ?? []).filter((a) => !a.read).map((a) => a.id);
  const unreadKey = unread.join(',');
  useEffect(() => {
    for (const contentId of unreadKey ? unreadKey.split(',').map(Number) : [])
      void markRead({ variables: { contentId } }).catch(onError);
    // Once per set of unread announcements (the mutation and handler are stable enough for that).
  }, [unreadKey]);
  const items = list.data?.announcements;
  if (!items) return list.loading ? <Loader size="sm" /> : <Text c="red">{list.error?.message}</Text>;
  if (!items.length) return <Text c="dimmed">{t('messageCenter.empty')}</Text>;
  return (
    <Stack gap="sm">
      {items.map((a) => (
        <Card key={a.id} withBorder padding="sm" data-testid="announcement">
          <Group gap="xs" mb={4}>
            {!a.read ? (
              <Badge color="red" size="sm">
                {t('messageCenter.unread')}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('messageCenter.from', { name: a.fromName })} ·{' '}
              {new Date(a.sendAt as string).toLocaleString()}
            </Text>
          </Group>
          {/* Sanitised by the server to ShowDoc's tag list (no scripts, no attributes but links). */}
          <Typography>
            <div dangerouslySetInnerHTML={{ __html: a.html }} />
          </Typography>
        </Card>
      ))}
    </Stack>
  );
}
