import { Group, Pagination, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';

/**
 * The console's lists (users, items, attachments) share one frame: a search field that submits on Enter, a
 * striped table that scrolls sideways on a phone, the total and a pager, and actions that report and
 * reload.
 */

export interface AdminColumn<Row> {
  header: ReactNode;
  cell(row: Row): ReactNode;
}

export function AdminTable<Row>({
  columns,
  rows,
  rowKey,
  minWidth,
}: {
  columns: AdminColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey(row: Row): string | number;
  minWidth: number;
}) {
  return (
    <ScrollArea>
      <Table striped miw={minWidth}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th key={i}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows?.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column, i) => (
                <Table.Td key={i}>{column.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** "N in all" and the pager, once the list has loaded. */
export function AdminPager({
  total,
  page,
  pageSize,
  onPage,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('console.total', { count: total })}
      </Text>
      <Pagination size="sm" value={page} onChange={onPage} total={Math.max(1, Math.ceil(total / pageSize))} />
    </Group>
  );
}

/** A filter text field: its label is its placeholder, Enter runs the search. */
export function AdminSearchField({
  label,
  value,
  onChange,
  onSearch,
  basis = '10rem',
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onSearch(): void;
  basis?: string;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSearch();
      }}
      style={{ flex: `1 1 ${basis}` }}
    />
  );
}

/**
 * Runs an action of a row (delete, recover, purge...): a green notice with `message` and the list
 * reloaded when it worked, a red notice with the server's reason when it did not.
 */
export function useAdminAction(reload: () => Promise<unknown>) {
  const { t: tc } = useTranslation();
  return async (work: () => Promise<unknown>, message: string): Promise<void> => {
    try {
      await work();
      notifications.show({ color: 'green', message });
      await reload();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, tc('common.networkError')) });
    }
  };
}
