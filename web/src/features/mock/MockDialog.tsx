import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { PageMockDocument, SavePageMockDocument } from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';
import { mockUrls } from './mockUrls';

const SAMPLE = `{
  "error_code": 0,
  "data": {
    "list|3": [{ "id|+1": 1, "name": "@cname", "email": "@email" }]
  }
}`;

/** The editor's Mock dialog (compat-api §13): the page's Mock.js template, its path and its URLs. */
export function MockDialog({ pageId, itemId, onClose }: { pageId: number; itemId: number; onClose(): void }) {
  const { t } = useTranslation('editor');
  const { data, loading, error } = useQuery(PageMockDocument, {
    variables: { pageId },
    fetchPolicy: 'network-only',
  });
  const [save, saving] = useMutation(SavePageMockDocument);
  const [template, setTemplate] = useState('');
  const [path, setPath] = useState('/');
  const [failure, setFailure] = useState<string | null>(null);
  const mock = data?.pageMock ?? null;

  useEffect(() => {
    if (loading) return;
    setTemplate(mock?.template ?? SAMPLE);
    setPath(mock?.path ?? '/');
  }, [loading, mock]);

  async function submit() {
    setFailure(null);
    try {
      JSON.parse(template);
    } catch {
      setFailure(t('mock.notJson'));
      return;
    }
    try {
      await save({ variables: { pageId, template, path }, refetchQueries: [PageMockDocument] });
      notifications.show({ color: 'green', message: t('mock.saved') });
    } catch (err) {
      setFailure(errorMessage(err, t('common.networkError')));
    }
  }

  const urls = mock ? mockUrls(window.location.origin, itemId, mock.uniqueKey, mock.path) : null;
  return (
    <DialogFrame opened title={t('mock.title')} onClose={onClose} size="lg">
      {loading ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm" data-testid="mock-dialog">
          {error ? <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert> : null}
          <Text size="sm" c="dimmed">
            {t('mock.hint')}
          </Text>
          <Textarea
            label={t('mock.template')}
            autosize
            minRows={8}
            maxRows={20}
            value={template}
            onChange={(e) => setTemplate(e.currentTarget.value)}
            styles={{ input: { fontFamily: 'monospace' } }}
            data-testid="mock-template"
          />
          <TextInput
            label={t('mock.path')}
            description={t('mock.pathHint')}
            value={path}
            onChange={(e) => setPath(e.currentTarget.value)}
            data-testid="mock-path"
          />
          {failure ? <Alert color="red">{failure}</Alert> : null}
          <Group>
            <Button onClick={() => void submit()} loading={saving.loading} data-testid="mock-save">
              {t('mock.save')}
            </Button>
          </Group>
          {urls ? (
            <Stack gap={4} data-testid="mock-urls">
              <Text size="sm" fw={500}>
                {t('mock.urls', { count: mock?.viewTimes ?? 0 })}
              </Text>
              {[urls.byPath, urls.byKey].map((url) => (
                <Group key={url} gap="xs" wrap="nowrap">
                  <Code style={{ wordBreak: 'break-all', flex: 1 }} data-testid="mock-url">
                    {url}
                  </Code>
                  <CopyButton value={url}>
                    {({ copied, copy }) => (
                      <Button size="compact-xs" variant="light" onClick={copy}>
                        {copied ? t('mock.copied') : t('mock.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              ))}
            </Stack>
          ) : null}
        </Stack>
      )}
    </DialogFrame>
  );
}
