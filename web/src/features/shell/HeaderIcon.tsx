import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A header icon that links somewhere, named by its tooltip (for screen readers too). */
export function HeaderIcon({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} variant="subtle" color="gray" size="lg" aria-label={label}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
