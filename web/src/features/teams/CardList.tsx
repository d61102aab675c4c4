import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The team screens' lists: cards (Paper as <li>, named after their subject) in a named <ul>, or a
 * line saying there is nothing yet.
 */
export function CardList({
  label,
  emptyText,
  children,
}: {
  label: string;
  emptyText: string;
  children: ReactNode[];
}) {
  if (children.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
