import { ActionIcon, Anchor, Card, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconArchive, IconDots, IconLock, IconPin, IconStarFilled } from '@tabler/icons-react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyItemsQuery } from '../../gql/graphql';
import type { Dialogs } from '../../app/dialogs/DialogHost';
import { ItemActionsMenu } from './ItemActions';
import classes from './ItemCollection.module.css';
import { itemPath } from './itemLinks';
import { ItemTypeIcon } from './ItemTypeIcon';

export type ItemEdge = MyItemsQuery['myItems']['edges'][number];

/** Right click opens the same menu as the "more" button. */
function useContextMenu() {
  const [opened, setOpened] = useState(false);
  const onContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    setOpened(true);
  };
  return { opened, setOpened, onContextMenu };
}

function Marks({ edge }: { edge: ItemEdge }) {
  const { t } = useTranslation();
  const { node } = edge;
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {edge.pinned ? (
        <Tooltip label={t('items.pinned')}>
          <IconPin size={15} color="var(--mantine-color-dimmed)" aria-label={t('items.pinned')} />
        </Tooltip>
      ) : null}
      {edge.starred ? (
        <Tooltip label={t('items.starred')}>
          <IconStarFilled size={15} color="var(--mantine-color-yellow-5)" aria-label={t('items.starred')} />
        </Tooltip>
      ) : null}
      {node.isPrivate ? (
        <Tooltip label={t('items.private')}>
          <IconLock size={15} color="var(--mantine-color-dimmed)" aria-label={t('items.private')} />
        </Tooltip>
      ) : null}
      {node.isArchived ? (
        <Tooltip label={t('items.archived')}>
          <IconArchive size={15} color="var(--mantine-color-orange-6)" aria-label={t('items.archived')} />
        </Tooltip>
      ) : null}
    </Group>
  );
}

function MoreButton({
  edge,
  dialogs,
  menu,
}: {
  edge: ItemEdge;
  dialogs: Dialogs;
  menu: ReturnType<typeof useContextMenu>;
}) {
  const { t } = useTranslation();
  return (
    <ItemActionsMenu
      target={{ item: edge.node, manager: edge.manager, starred: edge.starred }}
      dialogs={dialogs}
      opened={menu.opened}
      onChange={menu.setOpened}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('items.moreActions', { name: edge.node.name })}
        className={classes.more}
      >
        <IconDots size={18} />
      </ActionIcon>
    </ItemActionsMenu>
  );
}

export function ItemCard({ edge, dialogs }: { edge: ItemEdge; dialogs: Dialogs }) {
  const { t } = useTranslation();
  const menu = useContextMenu();
  const { node } = edge;
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} onContextMenu={menu.onContextMenu}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <ItemTypeIcon type={node.type} size={40} />
        <MoreButton edge={edge} dialogs={dialogs} menu={menu} />
      </Group>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Anchor
          component={Link}
          to={itemPath(node)}
          className={classes.stretched}
          fw={600}
          c="inherit"
          truncate
        >
          {node.name}
        </Anchor>
        <Marks edge={edge} />
      </Group>
      <Text size="sm" c="dimmed" lineClamp={2} mt={4} mih={40}>
        {node.description || t('items.noDescription')}
      </Text>
    </Card>
  );
}

export function ItemRow({ edge, dialogs, handle }: { edge: ItemEdge; dialogs: Dialogs; handle: ReactNode }) {
  const menu = useContextMenu();
  const { node } = edge;
  return (
    <Paper withBorder radius="md" px="sm" py="xs" className={classes.row} onContextMenu={menu.onContextMenu}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          {handle}
          <ItemTypeIcon type={node.type} size={32} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Anchor
              component={Link}
              to={itemPath(node)}
              className={classes.stretched}
              fw={600}
              c="inherit"
              truncate
              display="block"
            >
              {node.name}
            </Anchor>
            {node.description ? (
              <Text size="xs" c="dimmed" truncate>
                {node.description}
              </Text>
            ) : null}
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Marks edge={edge} />
          <MoreButton edge={edge} dialogs={dialogs} menu={menu} />
        </Group>
      </Group>
    </Paper>
  );
}
