import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  AiTokenItemsDocument,
  AiTokensDocument,
  CreateAiTokenDocument,
  DeleteAiTokenDocument,
  RevokeAiTokenDocument,
} from '../../gql/graphql';

/**
 * The user's MCP tokens (issue #21): AI editors (Cursor, Claude…) reach Quire's `/mcp` with one. A token is
 * read or write, for every item or a list, with an optional expiry; its secret is shown once.
 */
export function AiTokensCard() {
  const { t } = useTranslation();
  const { data, refetch } = useQuery(AiTokensDocument, { fetchPolicy: 'cache-and-network' });
  const items = useQuery(AiTokenItemsDocument);
  const [create, creating] = useMutation(CreateAiTokenDocument);
  const [revoke] = useMutation(RevokeAiTokenDocument);
  const [remove] = useMutation(DeleteAiTokenDocument);
  const [name, setName] = useState('');
  const [permission, setPermission] = useState<'read' | 'write'>('write');
  const [selected, setSelected] = useState<string[]>([]);
  const [days, setDays] = useState<number | string>(0);
  const [issued, setIssued] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const itemOptions = (items.data?.myItems.edges ?? []).map((e) => ({
    value: String(e.node.id),
    label: e.node.name,
  }));
  const itemName = (id: number) => itemOptions.find((o) => o.value === String(id))?.label ?? `#${id}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const result = await create({
        variables: {
          input: {
            name,
            permission,
            allowedItems: selected.length > 0 ? selected.map(Number) : null,
            expiresInDays: Number(days) || null,
          },
        },
      });
      setIssued(result.data?.createAiToken.token ?? null);
      setName('');
      setSelected([]);
      await refetch();
    } catch (err) {
      setError(errorMessage(err, t('common.networkError')));
    }
  }

  const act = async (run: () => Promise<unknown>) => {
    setError(null);
    try {
      await run();
      await refetch();
    } catch (err) {
      setError(errorMessage(err, t('common.networkError')));
    }
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>{t('aiTokens.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('aiTokens.intro', { url: `${window.location.origin}/mcp` })}
        </Text>
        {issued ? (
          <Alert
            color="green"
            title={t('aiTokens.issuedTitle')}
            withCloseButton
            onClose={() => setIssued(null)}
          >
            <Stack gap="xs">
              <Text size="sm">{t('aiTokens.issuedBody')}</Text>
              <Code block style={{ wordBreak: 'break-all' }} data-testid="ai-token-secret">
                {issued}
              </Code>
              <CopyButton value={issued}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('aiTokens.copied') : t('aiTokens.copy')}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Alert>
        ) : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        <form onSubmit={(e) => void submit(e)}>
          <Stack gap="xs">
            <TextInput
              label={t('aiTokens.name')}
              placeholder={t('aiTokens.namePlaceholder')}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.currentTarget.value)}
              required
            />
            <SegmentedControl
              value={permission}
              onChange={(v) => setPermission(v === 'read' ? 'read' : 'write')}
              data={[
                { value: 'write', label: t('aiTokens.write') },
                { value: 'read', label: t('aiTokens.read') },
              ]}
            />
            <MultiSelect
              label={t('aiTokens.items')}
              placeholder={selected.length ? undefined : t('aiTokens.allItems')}
              data={itemOptions}
              value={selected}
              onChange={setSelected}
              searchable
              clearable
            />
            <NumberInput
              label={t('aiTokens.expiresInDays')}
              description={t('aiTokens.expiresHint')}
              min={0}
              max={3650}
              value={days}
              onChange={setDays}
            />
            <Group>
              <Button type="submit" loading={creating.loading} disabled={!name.trim()}>
                {t('aiTokens.create')}
              </Button>
            </Group>
          </Stack>
        </form>
        {data?.aiTokens.length ? (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('aiTokens.name')}</Table.Th>
                  <Table.Th>{t('aiTokens.access')}</Table.Th>
                  <Table.Th>{t('aiTokens.lastUsed')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.aiTokens.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Text size="sm">{row.name}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {row.preview}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge variant="light" color={row.permission === 'read' ? 'gray' : 'blue'}>
                          {row.permission === 'read' ? t('aiTokens.read') : t('aiTokens.write')}
                        </Badge>
                        {!row.active ? <Badge color="red">{t('aiTokens.revoked')}</Badge> : null}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {row.scope === 'all'
                          ? t('aiTokens.allItems')
                          : row.allowedItems.map(itemName).join(', ')}
                        {row.expiresAt
                          ? ` · ${t('aiTokens.expires', { date: new Date(row.expiresAt as string).toLocaleDateString() })}`
                          : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        {row.lastUsedAt
                          ? new Date(row.lastUsedAt as string).toLocaleString()
                          : t('aiTokens.never')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {row.active ? (
                          <Button
                            size="xs"
                            variant="light"
                            color="orange"
                            onClick={() => void act(() => revoke({ variables: { id: row.id } }))}
                          >
                            {t('aiTokens.revoke')}
                          </Button>
                        ) : null}
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => void act(() => remove({ variables: { id: row.id } }))}
                        >
                          {t('aiTokens.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {t('aiTokens.none')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
