import { ThemeIcon, type MantineSize } from '@mantine/core';
import { IconFileText, IconNotes, IconTable } from '@tabler/icons-react';

/** Icon by item type (spec §2): 2 single page (a file), 4 spreadsheet (a table), anything else notes. */
export function ItemTypeIcon({ type, size = 'lg' }: { type: number; size?: MantineSize | number }) {
  const Icon = type === 2 ? IconFileText : type === 4 ? IconTable : IconNotes;
  const color = type === 2 ? 'teal' : type === 4 ? 'grape' : 'blue';
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={color} aria-hidden>
      <Icon size="65%" stroke={1.6} />
    </ThemeIcon>
  );
}
