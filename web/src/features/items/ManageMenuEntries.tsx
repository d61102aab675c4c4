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
import type { OpenItemDialog } from './ItemActions';

/**
 * The managers' entries (spec §2: import, export, members, recycle bin, base info, change log, transfer,
 * archive, delete, open API), one list for the item view's manage menu and the item list's context menu.
 */
export function ManageMenuEntries({
  item,
  onOpenDialog,
}: {
  item: ItemSummaryFragment;
  onOpenDialog: OpenItemDialog;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Menu.Item leftSection={<IconUpload size={16} />} onClick={() => onOpenDialog('import', item)}>
        {t('itemMenu.import')}
      </Menu.Item>
      <Menu.Item component={Link} to={`/item/export/${item.id}`} leftSection={<IconDownload size={16} />}>
        {t('itemMenu.export')}
      </Menu.Item>
      <Menu.Item leftSection={<IconUsers size={16} />} onClick={() => onOpenDialog('members', item)}>
        {t('itemMenu.members')}
      </Menu.Item>
      <Menu.Item leftSection={<IconRecycle size={16} />} onClick={() => onOpenDialog('recycle', item)}>
        {t('itemMenu.recycleBin')}
      </Menu.Item>
      <Menu.Item leftSection={<IconInfoCircle size={16} />} onClick={() => onOpenDialog('info', item)}>
        {t('itemMenu.baseInfo')}
      </Menu.Item>
      <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => onOpenDialog('changeLog', item)}>
        {t('changeLog.title')}
      </Menu.Item>
      <Menu.Item leftSection={<IconApi size={16} />} onClick={() => onOpenDialog('apiKey', item)}>
        {t('itemMenu.openApi')}
      </Menu.Item>
      <Menu.Item component={Link} to={`/item/setting/${item.id}`} leftSection={<IconSettings size={16} />}>
        {t('itemMenu.settings')}
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item leftSection={<IconTransfer size={16} />} onClick={() => onOpenDialog('transfer', item)}>
        {t('itemMenu.transfer')}
      </Menu.Item>
      <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onOpenDialog('copy', item)}>
        {t('itemMenu.copy')}
      </Menu.Item>
      {item.isArchived ? null : (
        <Menu.Item leftSection={<IconArchive size={16} />} onClick={() => onOpenDialog('archive', item)}>
          {t('itemMenu.archive')}
        </Menu.Item>
      )}
      <Menu.Item
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => onOpenDialog('delete', item)}
      >
        {t('itemMenu.delete')}
      </Menu.Item>
    </>
  );
}
