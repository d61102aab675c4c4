import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import { ItemApiKeyDocument, ResetItemApiKeyDocument } from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';

/** ShowDoc's open-API entry point; scripts post to it with an item's key pair. */
export const OPEN_API_PATH = '/server/index.php?s=/api/item/updateByApi';

export function openApiExample(origin: string, apiKey: string, apiToken: string): string {
  return [
    `curl "${origin}${OPEN_API_PATH}" \\`,
    `  --data-urlencode "api_key=${apiKey}" \\`,
    `  --data-urlencode "api_token=${apiToken}" \\`,
    `  --data-urlencode "cat_name=Catalog/Sub catalog" \\`,
    `  --data-urlencode "page_title=Page title" \\`,
    `  --data-urlencode "page_content=# Markdown content" \\`,
    `  --data-urlencode "s_number=99"`,
  ].join('\n');
}

/** The item's api_key and api_token (created on first use), a reset, and how to call the open API. */
export function ApiKeyPanel({ itemId, compact = false }: { itemId: number; compact?: boolean }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(ItemApiKeyDocument, { variables: { itemId } });
  const [reset, resetState] = useMutation(ResetItemApiKeyDocument);
  const [confirming, setConfirming] = useState(false);
  const key = data?.itemApiKey;

  async function doReset() {
    try {
      const result = await reset({
        variables: { itemId },
        update(cache, { data: answer }) {
          if (answer) {
            cache.writeQuery({
              query: ItemApiKeyDocument,
              variables: { itemId },
              data: { itemApiKey: answer.resetItemApiKey },
            });
          }
        },
      });
      if (result.data) notifications.show({ color: 'green', message: t('apiKey.resetDone') });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
    } finally {
      setConfirming(false);
    }
  }

  if (error) return <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>;
  if (!key) return loading ? <Loader size="sm" /> : null;

  return (
    <Stack gap="sm">
      {compact ? null : <Text size="sm">{t('apiKey.intro')}</Text>}
      <SecretField label="api_key" value={key.apiKey} />
      <SecretField label="api_token" value={key.apiToken} />
      {compact ? null : (
        <Group gap="xs">
          {confirming ? (
            <>
              <Text size="sm" c="red">
                {t('apiKey.resetConfirm')}
              </Text>
              <Button size="xs" color="red" loading={resetState.loading} onClick={() => void doReset()}>
                {t('apiKey.reset')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
            </>
          ) : (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={16} />}
              onClick={() => setConfirming(true)}
            >
              {t('apiKey.reset')}
            </Button>
          )}
        </Group>
      )}
      <Text size="sm" fw={500}>
        {t('apiKey.howTo')}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {openApiExample(window.location.origin, key.apiKey, key.apiToken)}
      </Code>
      <Text size="xs" c="dimmed">
        {t('apiKey.howToText')}
      </Text>
    </Stack>
  );
}

function SecretField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`${t('common.copy')} ${label}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

export function ApiKeyDialog({ itemId, onClose }: { itemId: number; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened title={t('apiKey.title')} onClose={onClose}>
      <ApiKeyPanel itemId={itemId} />
    </DialogFrame>
  );
}
