import { Code, ScrollArea, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { columnName, parseSpreadsheet, type Sheet } from './spreadsheet';

/** A spreadsheet item, read-only: one tab per sheet; unknown content is shown as it is. */
export function SpreadsheetView({ content }: { content: string }) {
  const { t } = useTranslation();
  const sheets = useMemo(() => parseSpreadsheet(content), [content]);

  if (sheets === null) {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('itemView.sheetUnknown')}
        </Text>
        <Code
          block
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: '70vh', overflow: 'auto' }}
        >
          {content}
        </Code>
      </Stack>
    );
  }
  if (sheets.length === 0 || sheets.every((sheet) => sheet.rows.length === 0)) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {t('itemView.sheetEmpty')}
      </Text>
    );
  }
  if (sheets.length === 1) return <SheetTable sheet={sheets[0]!} />;
  return (
    <Tabs defaultValue="0" keepMounted={false}>
      <Tabs.List>
        {sheets.map((sheet, index) => (
          <Tabs.Tab key={index} value={String(index)}>
            {sheet.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {sheets.map((sheet, index) => (
        <Tabs.Panel key={index} value={String(index)} pt="sm">
          <SheetTable sheet={sheet} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function SheetTable({ sheet }: { sheet: Sheet }) {
  const width = sheet.rows[0]?.length ?? 0;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table
        withTableBorder
        withColumnBorders
        striped
        highlightOnHover
        verticalSpacing={4}
        fz="sm"
        aria-label={sheet.name}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44} />
            {Array.from({ length: width }, (_, index) => (
              <Table.Th key={index} ta="center" c="dimmed" fw={500}>
                {columnName(index)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.rows.map((row, rowIndex) => (
            <Table.Tr key={rowIndex} h={25}>
              <Table.Td ta="center" c="dimmed" fz="xs">
                {rowIndex + 1}
              </Table.Td>
              {row.map((cell, cellIndex) => (
                <Table.Td key={cellIndex} style={{ whiteSpace: 'pre-wrap', minWidth: 80 }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
