import { useQuery } from '@apollo/client/react';
import { Alert, Loader, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { EditorPageDocument } from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';

/** "Page info" from the editor bar: id, catalog path, author, times and version. */
export function PageInfoDialog({ pageId, onClose }: { pageId: number; onClose(): void }) {
  const { t, i18n } = useTranslation('editor');
  const { data, error } = useQuery(EditorPageDocument, {
    variables: { id: pageId },
    fetchPolicy: 'network-only',
  });
  const page = data?.page;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <DialogFrame opened title={t('info.title')} onClose={onClose}>
      {error ? <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert> : null}
      {!page ? (
        <Loader size="sm" />
      ) : (
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('info.id')}</Table.Th>
              <Table.Td>{page.id}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('info.path')}</Table.Th>
              <Table.Td>{page.path.map((c) => c.name).join(' / ') || t('dialog.rootCatalog')}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('info.author')}</Table.Th>
              <Table.Td>{page.authorName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('info.createdAt')}</Table.Th>
              <Table.Td>{when(page.createdAt)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('info.updatedAt')}</Table.Th>
              <Table.Td>{when(page.updatedAt)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('info.version')}</Table.Th>
              <Table.Td>{page.version}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </DialogFrame>
  );
}
