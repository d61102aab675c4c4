import { Menu } from '@mantine/core';
import {
  IconApi,
  IconArchive,
  IconCopy,
  IconDownload,
  IconHistory,
  IconInfoCircle,
  IconRecycle,
  IconSettings,
  IconTransfer,
  IconTrash,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ItemSummaryFragment } from '../../gql/graphql';
import type { Dialogs } from '../../app/dialogs/DialogHost';

/**
 * The managers' entries (spec §2: import, export, members, recycle bin, base info, change log, transfer,
 * archive, delete, open API), one list for the item view's manage menu and the item list's context menu.
 */
export function ManageMenuEntries({
  item,
  dialogs,
  onGone,
}: {
  item: ItemSummaryFragment;
  /** The screen's: a menu's entries unmount when it closes, the dialogs they open must not. */
  dialogs: Dialogs;
  /** After the viewer lost the item (transferred, deleted): the item view leaves it. */
  onGone?(): void;
}) {
  const { t } = useTranslation();
  // An archived item is read-only: only what still works is offered (#22): export, change log, transfer,
  // copy, delete. Import, members, recycle bin, base info, open API and settings would all be refused.
  const active = !item.isArchived;
  return (
    <>
      {active ? (
        <Menu.Item
          leftSection={<IconUpload size={16} />}
          onClick={() => dialogs.open('import-item', { itemId: item.id, itemName: item.name })}
        >
          {t('itemMenu.import')}
        </Menu.Item>
      ) : null}
      <Menu.Item component={Link} to={`/item/export/${item.id}`} leftSection={<IconDownload size={16} />}>
        {t('itemMenu.export')}
      </Menu.Item>
      {active ? (
        <>
          <Menu.Item
            leftSection={<IconUsers size={16} />}
            onClick={() => dialogs.open('item-members', { itemId: item.id, itemName: item.name })}
          >
            {t('itemMenu.members')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconRecycle size={16} />}
            onClick={() => dialogs.open('recycle-bin', { itemId: item.id })}
          >
            {t('itemMenu.recycleBin')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconInfoCircle size={16} />}
            onClick={() => dialogs.open('item-info', { itemId: item.id })}
          >
            {t('itemMenu.baseInfo')}
          </Menu.Item>
        </>
      ) : null}
      <Menu.Item
        leftSection={<IconHistory size={16} />}
        onClick={() => dialogs.open('item-change-log', { item })}
      >
        {t('changeLog.title')}
      </Menu.Item>
      {active ? (
        <>
          <Menu.Item
            leftSection={<IconApi size={16} />}
            onClick={() => dialogs.open('item-api-key', { itemId: item.id })}
          >
            {t('itemMenu.openApi')}
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={`/item/setting/${item.id}`}
            leftSection={<IconSettings size={16} />}
          >
            {t('itemMenu.settings')}
          </Menu.Item>
        </>
      ) : null}
      <Menu.Divider />
      <Menu.Item
        leftSection={<IconTransfer size={16} />}
        onClick={() => dialogs.open('transfer-item', { item, onDone: onGone })}
      >
        {t('itemMenu.transfer')}
      </Menu.Item>
      <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => dialogs.open('copy-item', { item })}>
        {t('itemMenu.copy')}
      </Menu.Item>
      {item.isArchived ? null : (
        <Menu.Item
          leftSection={<IconArchive size={16} />}
          onClick={() => dialogs.open('archive-item', { item })}
        >
          {t('itemMenu.archive')}
        </Menu.Item>
      )}
      <Menu.Item
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => dialogs.open('delete-item', { item, onDone: onGone })}
      >
        {t('itemMenu.delete')}
      </Menu.Item>
    </>
  );
}
