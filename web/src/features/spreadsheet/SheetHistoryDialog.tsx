import { useQuery } from '@apollo/client/react';
import { Alert, Badge, Group, Loader, Modal, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { SpreadsheetCellDiffDocument, SpreadsheetHistoryDocument } from '../../gql/graphql';

interface Props {
  pageId: number;
  opened: boolean;
  onClose(): void;
}

/**
 * A spreadsheet page's history (issue #20): pick an earlier version and see what changed since, cell by
 * cell (sheet, address, old → new), rather than a line diff of the JSON.
 */
export function SheetHistoryDialog({ pageId, opened, onClose }: Props) {
  const { t } = useTranslation('sheet');
  const history = useQuery(SpreadsheetHistoryDocument, {
    variables: { pageId },
    skip: !opened,
    fetchPolicy: 'network-only',
  });
  const [versionId, setVersionId] = useState<number | null>(null);
  const versions = history.data?.pageHistory ?? [];
  const chosen = versionId ?? versions[0]?.id ?? null;
  const diff = useQuery(SpreadsheetCellDiffDocument, {
    variables: { pageId, versionId: chosen ?? 0 },
    skip: !opened || chosen === null,
    fetchPolicy: 'network-only',
  });
  const changes = diff.data?.pageDiff.cellChanges;

  return (
    <Modal opened={opened} onClose={onClose} title={t('historyTitle')} size="lg" fullScreen={false}>
      <Stack gap="sm" data-testid="sheet-history">
        {history.loading ? <Loader size="sm" /> : null}
        {history.error ? <Alert color="red">{errorMessage(history.error, '')}</Alert> : null}
        {!history.loading && versions.length === 0 ? <Text size="sm">{t('noHistory')}</Text> : null}
        {versions.length > 0 ? (
          <Select
            label={t('compareWith')}
            value={chosen === null ? null : String(chosen)}
            onChange={(value) => setVersionId(value ? Number(value) : null)}
            allowDeselect={false}
            data={versions.map((v) => ({
              value: String(v.id),
              label: `v${v.version} · ${v.authorName} · ${new Date(v.savedAt).toLocaleString()}${v.comments ? ` · ${v.comments}` : ''}`,
            }))}
          />
        ) : null}
        {diff.loading ? <Loader size="sm" /> : null}
        {changes ? (
          <>
            {changes.sheets.map((s) => (
              <Group key={`${s.kind}-${s.sheet}`} gap="xs">
                <Badge color={s.kind === 'ADDED' ? 'green' : 'red'} variant="light">
                  {t(s.kind === 'ADDED' ? 'sheetAdded' : 'sheetRemoved')}
                </Badge>
                <Text size="sm">{s.sheet}</Text>
              </Group>
            ))}
            {changes.cells.length === 0 && changes.sheets.length === 0 ? (
              <Text size="sm">{t('noCellChanges')}</Text>
            ) : null}
            {changes.cells.length > 0 ? (
              <ScrollArea.Autosize mah={420}>
                <Table striped withTableBorder data-testid="sheet-cell-changes">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('sheetColumn')}</Table.Th>
                      <Table.Th>{t('cellColumn')}</Table.Th>
                      <Table.Th>{t('oldColumn')}</Table.Th>
                      <Table.Th>{t('newColumn')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {changes.cells.map((c) => (
                      <Table.Tr key={`${c.sheet}!${c.address}`}>
                        <Table.Td>{c.sheet}</Table.Td>
                        <Table.Td>{c.address}</Table.Td>
                        <Table.Td c="red">{c.oldText ?? ''}</Table.Td>
                        <Table.Td c="green">{c.newText ?? ''}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            ) : null}
            {changes.truncated ? <Text size="xs">{t('truncated')}</Text> : null}
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
