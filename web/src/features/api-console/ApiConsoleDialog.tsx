import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  ScrollArea,
  Select,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { DialogFrame } from '../shell/DialogFrame';
import { buildUrl, formatBody, parseApiDoc, parsePairs, substitute } from './parseApiDoc';
import { useEnvironments } from './useEnvironments';
import { useSendRequest, type ConsoleResponse } from './useSendRequest';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** The request the page documents, as editable text (`name=value` query lines, `Name: value` headers). */
function initialRequest(markdown: string) {
  const doc = parseApiDoc(markdown);
  const method = doc?.method ?? 'GET';
  const params = doc?.params ?? [];
  const withBody = !['GET', 'HEAD'].includes(method);
  const body =
    doc?.body ||
    (withBody && params.length
      ? JSON.stringify(Object.fromEntries(params.map((p) => [p.name, ''])), null, 2)
      : '');
  const headers = (doc?.headers ?? []).map((h) => `${h.name}: `);
  if (withBody && body && !headers.some((h) => /^content-type:/i.test(h)))
    headers.push('Content-Type: application/json');
  return {
    method,
    url: doc?.url ?? '',
    query: withBody ? '' : params.map((p) => `${p.name}=`).join('\n'),
    headers: headers.join('\n'),
    body,
  };
}

/** "Try it" (issue #21): the page's request, editable, sent from the browser or through the relay. */
export function ApiConsoleDialog({
  itemId,
  markdown,
  title,
  onClose,
}: {
  itemId: number;
  markdown: string;
  title?: string;
  onClose(): void;
}) {
  const { t } = useTranslation('editor');
  const start = useMemo(() => initialRequest(markdown), [markdown]);
  const [method, setMethod] = useState(start.method);
  const [url, setUrl] = useState(start.url);
  const [query, setQuery] = useState(start.query);
  const [headers, setHeaders] = useState(start.headers);
  const [body, setBody] = useState(start.body);
  const [mode, setMode] = useState<'auto' | 'relay'>('auto');
  const [response, setResponse] = useState<ConsoleResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const env = useEnvironments(itemId);
  const { send, sending, relayEnabled } = useSendRequest();

  async function submit() {
    setFailure(null);
    setResponse(null);
    const vars = Object.fromEntries(parsePairs(env.current.variables, /=/));
    const target = buildUrl(
      substitute(url, vars),
      substitute(env.current.baseUrl, vars),
      parsePairs(substitute(query, vars), /=/),
    );
    if (!/^https?:\/\//i.test(target)) {
      setFailure(t('apiConsole.needAbsoluteUrl'));
      return;
    }
    try {
      setResponse(
        await send(
          {
            method,
            url: target,
            headers: parsePairs(substitute(headers, vars), /:/),
            body: substitute(body, vars),
          },
          mode,
        ),
      );
    } catch (err) {
      setFailure(
        err instanceof TypeError
          ? relayEnabled
            ? t('apiConsole.networkFailed')
            : t('apiConsole.blockedNoRelay')
          : errorMessage(err, t('common.networkError')),
      );
    }
  }

  const statusColor = !response
    ? 'gray'
    : response.status < 300
      ? 'green'
      : response.status < 400
        ? 'yellow'
        : 'red';
  return (
    <DialogFrame
      opened
      title={title ? `${t('apiConsole.title')} · ${title}` : t('apiConsole.title')}
      onClose={onClose}
      size="xl"
    >
      <Stack gap="sm" data-testid="api-console">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t('apiConsole.environment')}
            data={env.environments.map((e, i) => ({ value: String(i), label: e.name || `#${i + 1}` }))}
            value={String(env.active)}
            onChange={(v) => v !== null && env.select(Number(v))}
            allowDeselect={false}
            w={160}
          />
          <TextInput
            label={t('apiConsole.baseUrl')}
            placeholder="https://api.example.com"
            value={env.current.baseUrl}
            onChange={(e) => env.update({ baseUrl: e.currentTarget.value })}
            style={{ flex: 1, minWidth: 200 }}
            data-testid="api-console-base-url"
          />
          <Button variant="default" onClick={() => env.add(`env ${env.environments.length + 1}`)}>
            {t('apiConsole.addEnvironment')}
          </Button>
          {env.environments.length > 1 ? (
            <Button variant="subtle" color="red" onClick={env.remove}>
              {t('apiConsole.removeEnvironment')}
            </Button>
          ) : null}
        </Group>
        <Textarea
          label={t('apiConsole.variables')}
          description={t('apiConsole.variablesHint', { name: '{{name}}' })}
          autosize
          minRows={1}
          maxRows={5}
          value={env.current.variables}
          onChange={(e) => env.update({ variables: e.currentTarget.value })}
        />
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Select
            aria-label={t('apiConsole.method')}
            data={METHODS}
            value={method}
            onChange={(v) => v && setMethod(v)}
            allowDeselect={false}
            w={110}
            data-testid="api-console-method"
          />
          <TextInput
            aria-label={t('apiConsole.url')}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="api-console-url"
          />
          <Button onClick={() => void submit()} loading={sending} data-testid="api-console-send">
            {t('apiConsole.send')}
          </Button>
        </Group>
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(v) => setMode(v as 'auto' | 'relay')}
          data={[
            { value: 'auto', label: t('apiConsole.fromBrowser') },
            { value: 'relay', label: t('apiConsole.viaServer'), disabled: !relayEnabled },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Tabs defaultValue={start.body ? 'body' : 'query'} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="query">{t('apiConsole.query')}</Tabs.Tab>
            <Tabs.Tab value="headers">{t('apiConsole.headers')}</Tabs.Tab>
            <Tabs.Tab value="body">{t('apiConsole.body')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="query" pt="xs">
            <Textarea
              autosize
              minRows={3}
              maxRows={10}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              placeholder="name=value"
              styles={{ input: { fontFamily: 'monospace' } }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="headers" pt="xs">
            <Textarea
              autosize
              minRows={3}
              maxRows={10}
              value={headers}
              onChange={(e) => setHeaders(e.currentTarget.value)}
              placeholder="Name: value"
              styles={{ input: { fontFamily: 'monospace' } }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="body" pt="xs">
            <Textarea
              autosize
              minRows={4}
              maxRows={14}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              styles={{ input: { fontFamily: 'monospace' } }}
              data-testid="api-console-body"
            />
          </Tabs.Panel>
        </Tabs>
        {failure ? <Alert color="red">{failure}</Alert> : null}
        {response ? (
          <Stack gap="xs" data-testid="api-console-response">
            <Group gap="xs">
              <Badge color={statusColor} data-testid="api-console-status">
                {response.status} {response.statusText}
              </Badge>
              <Text size="sm" c="dimmed">
                {t('apiConsole.timing', { ms: response.durationMs })}
              </Text>
              <Text size="sm" c="dimmed">
                {response.via === 'relay' ? t('apiConsole.viaServer') : t('apiConsole.fromBrowser')}
              </Text>
              {response.truncated ? <Badge color="orange">{t('apiConsole.truncated')}</Badge> : null}
            </Group>
            <Tabs defaultValue="body">
              <Tabs.List>
                <Tabs.Tab value="body">{t('apiConsole.responseBody')}</Tabs.Tab>
                <Tabs.Tab value="headers">
                  {t('apiConsole.responseHeaders', { count: response.headers.length })}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="body" pt="xs">
                <ScrollArea.Autosize mah={360}>
                  <Code block data-testid="api-console-response-body">
                    {formatBody(response.body, response.contentType)}
                  </Code>
                </ScrollArea.Autosize>
              </Tabs.Panel>
              <Tabs.Panel value="headers" pt="xs">
                <ScrollArea.Autosize mah={360}>
                  <Table>
                    <Table.Tbody>
                      {response.headers.map(([name, value], i) => (
                        <Table.Tr key={`${name}-${i}`}>
                          <Table.Th>{name}</Table.Th>
                          <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        ) : null}
      </Stack>
    </DialogFrame>
  );
}
