import { Button, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFolder, IconLayoutGrid, IconSettings, IconStar, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemGroupsQuery } from '../../gql/graphql';

type Groups = ItemGroupsQuery['itemGroups'];

interface GroupNavProps {
  groups: Groups;
  selected: number;
  onSelect(groupId: number): void;
  publicSquare: boolean;
  onManage(): void;
}

interface Entry {
  id: number;
  label: string;
  icon: ReactNode;
}

function useEntries(groups: Groups): Entry[] {
  const { t } = useTranslation();
  return [
    { id: 0, label: t('items.allItems'), icon: <IconLayoutGrid size={18} stroke={1.6} /> },
    { id: -1, label: t('items.starredItems'), icon: <IconStar size={18} stroke={1.6} /> },
    ...groups.map((group) => ({
      id: group.id,
      label: group.name,
      icon: <IconFolder size={18} stroke={1.6} />,
    })),
  ];
}

/**
 * The left side of the item list (spec §2): all items (0), starred (-1), the public square when enabled,
 * then the user's own groups. A column from tablet width up, a scrolling row of chips on phones.
 */
export function GroupNav({ groups, selected, onSelect, publicSquare, onManage }: GroupNavProps) {
  const { t } = useTranslation();
  const entries = useEntries(groups);
  const [fixed, own] = [entries.slice(0, 2), entries.slice(2)];

  return (
    <>
      <Stack gap={2} visibleFrom="md" component="nav" aria-label={t('items.groupsNav')}>
        {fixed.map((entry) => (
          <NavLink
            key={entry.id}
            label={entry.label}
            leftSection={entry.icon}
            active={selected === entry.id}
            onClick={() => onSelect(entry.id)}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
        {publicSquare ? (
          <NavLink
            component="a"
            href="/public-square/index"
            target="_blank"
            rel="noopener"
            label={t('landing.publicSquare')}
            leftSection={<IconWorld size={18} stroke={1.6} />}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ) : null}
        <Divider
          my={6}
          labelPosition="left"
          label={
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              {t('items.myGroups')}
            </Text>
          }
        />
        {own.map((entry) => (
          <NavLink
            key={entry.id}
            label={entry.label}
            leftSection={entry.icon}
            active={selected === entry.id}
            onClick={() => onSelect(entry.id)}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
        <NavLink
          label={t('groups.manage')}
          leftSection={<IconSettings size={18} stroke={1.6} />}
          onClick={onManage}
          c="dimmed"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      </Stack>

      <ScrollArea hiddenFrom="md" type="never" offsetScrollbars={false}>
        <Group gap={6} wrap="nowrap" pb={4} component="nav" aria-label={t('items.groupsNav')}>
          {entries.map((entry) => (
            <Button
              key={entry.id}
              size="compact-sm"
              radius="xl"
              variant={selected === entry.id ? 'filled' : 'default'}
              leftSection={entry.icon}
              onClick={() => onSelect(entry.id)}
              style={{ flexShrink: 0 }}
            >
              {entry.label}
            </Button>
          ))}
          {publicSquare ? (
            <Button
              component="a"
              href="/public-square/index"
              target="_blank"
              rel="noopener"
              size="compact-sm"
              radius="xl"
              variant="default"
              leftSection={<IconWorld size={16} />}
              style={{ flexShrink: 0 }}
            >
              {t('landing.publicSquare')}
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            radius="xl"
            variant="subtle"
            color="gray"
            leftSection={<IconSettings size={16} />}
            onClick={onManage}
            style={{ flexShrink: 0 }}
          >
            {t('groups.manage')}
          </Button>
        </Group>
      </ScrollArea>
    </>
  );
}
