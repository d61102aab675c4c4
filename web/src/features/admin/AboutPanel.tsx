import { useQuery } from '@apollo/client/react';
import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { AdminAboutDocument } from '../../gql/graphql';

/** The running version and database schema; Quire never overwrites itself, so the panel says how to upgrade. */
export function AboutPanel() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { data, error } = useQuery(AdminAboutDocument);
  if (error) return <Alert color="red">{errorMessage(error, tc('common.networkError'))}</Alert>;
  if (!data) return <Loader size="sm" />;
  return (
    <Stack gap="sm" maw={640}>
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>{t('about.version')}</Table.Th>
            <Table.Td>{data.adminAbout.version}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('about.schema')}</Table.Th>
            <Table.Td style={{ wordBreak: 'break-all' }}>{data.adminAbout.schemaVersion}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm">{t('about.noUpdate')}</Text>
      <Text size="sm" c="dimmed">
        {t('about.howToUpgrade')}
      </Text>
    </Stack>
  );
}
