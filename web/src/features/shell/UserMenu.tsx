import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconLayoutGrid,
  IconLogout,
  IconSettings,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MeFieldsFragment } from '../../gql/graphql';
import { useLogout } from '../accounts/useLogout';

/** The user center menu of the signed-in header and the item view header. */
export function UserMenu({ me, withItemsLink = false }: { me: MeFieldsFragment; withItemsLink?: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('shell.userCenter')}
          px={6}
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap={6} wrap="nowrap">
            <IconUserCircle size={24} stroke={1.5} />
            <Text size="sm" fw={500} visibleFrom="sm" maw={140} truncate data-testid="shell-username">
              {me.username}
            </Text>
            <IconChevronDown size={14} style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.name || me.username}</Menu.Label>
        {withItemsLink ? (
          <Menu.Item component={Link} to="/item/index" leftSection={<IconLayoutGrid size={16} />}>
            {t('shell.myItems')}
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to="/user/setting" leftSection={<IconSettings size={16} />}>
          {t('shell.settings')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
