import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/errors';
import { ChangeLogDocument, type ItemSummaryFragment } from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';
import { itemPagePath } from '../itemLinks';

/** Spec 001 §9: ten entries a page. */
export const CHANGE_LOG_PAGE_SIZE = 10;

const ACTIONS = ['create', 'update', 'delete', 'export', 'binding', 'unbound', 'drag'] as const;
const OBJECTS = ['page', 'catalog', 'item', 'team', 'member', 'tree'] as const;

function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });
}

/** Who changed what in the item, newest first; created and updated pages link to the page. */
export function ChangeLogDialog({ item, onClose }: { item: ItemSummaryFragment; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, error, loading } = useQuery(ChangeLogDocument, {
    variables: { itemId: item.id, page, pageSize: CHANGE_LOG_PAGE_SIZE },
    fetchPolicy: 'network-only',
  });
  const log = data?.changeLog;
  const action = (value: string) =>
    (ACTIONS as readonly string[]).includes(value)
      ? t(`changeLog.actions.${value as (typeof ACTIONS)[number]}`)
      : value;
  const object = (value: string) =>
    (OBJECTS as readonly string[]).includes(value)
      ? t(`changeLog.objects.${value as (typeof OBJECTS)[number]}`)
      : value;

  return (
    <DialogFrame opened title={t('changeLog.title')} onClose={onClose} size="xl">
      {error ? <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert> : null}
      {!log && loading ? <Loader size="sm" /> : null}
      {log && log.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('changeLog.empty')}
        </Text>
      ) : null}
      {log && log.entries.length > 0 ? (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('changeLog.time')}</Table.Th>
                  <Table.Th>{t('changeLog.operator')}</Table.Th>
                  <Table.Th>{t('changeLog.action')}</Table.Th>
                  <Table.Th>{t('changeLog.objectType')}</Table.Th>
                  <Table.Th>{t('changeLog.objectName')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {formatTime(entry.createdAt, i18n.language)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.operatorDisplayName || entry.operatorName}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{action(entry.action)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{object(entry.objectType)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {entry.objectType === 'page' &&
                      (entry.action === 'create' || entry.action === 'update') ? (
                        <Anchor
                          component={Link}
                          to={itemPagePath(item, entry.objectId)}
                          size="sm"
                          onClick={onClose}
                        >
                          {entry.objectName}
                        </Anchor>
                      ) : (
                        <Text size="sm">{entry.objectName}</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('changeLog.total', { count: log.totalCount })}
            </Text>
            <Pagination
              size="sm"
              total={Math.max(1, Math.ceil(log.totalCount / CHANGE_LOG_PAGE_SIZE))}
              value={page}
              onChange={setPage}
            />
          </Group>
        </Stack>
      ) : null}
    </DialogFrame>
  );
}
