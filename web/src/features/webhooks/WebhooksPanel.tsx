import { useMutation, useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Card,
  Code,
  Collapse,
  Group,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  ItemWebhooksDocument,
  SendWebhookTestDocument,
  WebhookDeliveriesDocument,
  type ItemWebhookFieldsFragment,
} from '../../gql/graphql';

const EVENTS = ['page', 'catalog', 'member'] as const;
const PRESETS = ['json', 'wecom', 'dingtalk', 'feishu'] as const;

/** Item settings' webhooks tab (item managers): add a hook, see its deliveries, send a test, remove it. */
export function WebhooksPanel({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const list = useQuery(ItemWebhooksDocument, { variables: { itemId }, fetchPolicy: 'network-only' });
  const refetchQueries = [{ query: ItemWebhooksDocument, variables: { itemId } }];
  const [create, creating] = useMutation(CreateWebhookDocument, { refetchQueries });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...EVENTS]);
  const [preset, setPreset] = useState<string>('json');
  const onError = (failure: unknown) =>
    notifications.show({ color: 'red', message: errorMessage(failure, t('webhooks.failed')) });

  const add = () =>
    void create({ variables: { input: { itemId, url: url.trim(), events, preset } } })
      .then(() => setUrl(''))
      .catch(onError);

  return (
    <Stack gap="md" maw={860}>
      <Text size="sm" c="dimmed">
        {t('webhooks.intro')}
      </Text>
      <Card withBorder padding="sm">
        <Stack gap="xs">
          <TextInput
            label={t('webhooks.url')}
            placeholder="https://example.com/quire-hook"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <Group grow align="flex-end" wrap="wrap">
            <MultiSelect
              label={t('webhooks.events')}
              data={EVENTS.map((e) => ({ value: e, label: t(`webhooks.event.${e}`) }))}
              value={events}
              onChange={setEvents}
            />
            <Select
              label={t('webhooks.preset')}
              data={PRESETS.map((p) => ({ value: p, label: t(`webhooks.presets.${p}`) }))}
              value={preset}
              onChange={(value) => setPreset(value ?? 'json')}
              allowDeselect={false}
            />
          </Group>
          <Group justify="flex-end">
            <Button onClick={add} loading={creating.loading} disabled={!url.trim() || !events.length}>
              {t('webhooks.add')}
            </Button>
          </Group>
        </Stack>
      </Card>
      {list.loading && !list.data ? <Loader size="sm" /> : null}
      {list.data && !list.data.itemWebhooks.length ? <Text c="dimmed">{t('webhooks.none')}</Text> : null}
      {list.data?.itemWebhooks.map((hook) => (
        <WebhookCard key={hook.id} hook={hook} itemId={itemId} onError={onError} />
      ))}
    </Stack>
  );
}

function WebhookCard({
  hook,
  itemId,
  onError,
}: {
  hook: ItemWebhookFieldsFragment;
  itemId: number;
  onError(failure: unknown): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const deliveries = useQuery(WebhookDeliveriesDocument, {
    variables: { webhookId: hook.id },
    skip: !open,
    fetchPolicy: 'network-only',
    pollInterval: open ? 5000 : 0,
  });
  const [remove, removing] = useMutation(DeleteWebhookDocument, {
    refetchQueries: [{ query: ItemWebhooksDocument, variables: { itemId } }],
  });
  const [test, testing] = useMutation(SendWebhookTestDocument);

  return (
    <Card withBorder padding="sm" data-testid="webhook">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={500} style={{ wordBreak: 'break-all' }}>
            {hook.url}
          </Text>
          <Group gap={4}>
            {hook.events.map((e) => (
              <Badge key={e} size="sm" variant="light">
                {t(`webhooks.event.${e}`, { defaultValue: e })}
              </Badge>
            ))}
            <Badge size="sm" color="gray">
              {hook.preset}
            </Badge>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {t('webhooks.secret')} <Code>{hook.secret}</Code>
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-sm"
            variant="light"
            loading={testing.loading}
            onClick={() =>
              void test({ variables: { webhookId: hook.id } })
                .then(() => {
                  notifications.show({ message: t('webhooks.testQueued') });
                  setOpen(true);
                  void deliveries.refetch().catch(() => undefined);
                })
                .catch(onError)
            }
          >
            {t('webhooks.sendTest')}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => setOpen((o) => !o)}>
            {t('webhooks.deliveries')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={removing.loading}
            onClick={() => void remove({ variables: { webhookId: hook.id } }).catch(onError)}
          >
            {t('webhooks.remove')}
          </Button>
        </Group>
        <Collapse expanded={open}>
          {deliveries.data?.webhookDeliveries.length ? (
            <Table.ScrollContainer minWidth={520}>
              <Table striped fz="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('webhooks.when')}</Table.Th>
                    <Table.Th>{t('webhooks.event.title')}</Table.Th>
                    <Table.Th>{t('webhooks.state')}</Table.Th>
                    <Table.Th>{t('webhooks.code')}</Table.Th>
                    <Table.Th>{t('webhooks.duration')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {deliveries.data.webhookDeliveries.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>{new Date(d.createdAt as string).toLocaleString()}</Table.Td>
                      <Table.Td>{d.event}</Table.Td>
                      <Table.Td title={d.lastError}>
                        {t(`webhooks.states.${d.state}`, { defaultValue: d.state })} ({d.attempts})
                      </Table.Td>
                      <Table.Td>{d.responseCode ?? '—'}</Table.Td>
                      <Table.Td>{d.durationMs === null ? '—' : `${d.durationMs} ms`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="xs" c="dimmed">
              {t('webhooks.noDeliveries')}
            </Text>
          )}
        </Collapse>
      </Stack>
    </Card>
  );
}
