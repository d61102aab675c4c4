import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The product mark, linking home (the landing page, or the item list inside the signed-in shell).
 * `collapse` keeps only the logo on phone widths, where the header icon bar needs the room.
 */
export function Brand({ to = '/', collapse = false }: { to?: string; collapse?: boolean }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={30} radius="md" variant="filled">
          <IconNotebook size={18} stroke={1.8} />
        </ThemeIcon>
        <Text fw={700} size="lg" visibleFrom={collapse ? 'xs' : undefined}>
          {t('common.appName')}
        </Text>
      </Group>
    </Anchor>
  );
}
