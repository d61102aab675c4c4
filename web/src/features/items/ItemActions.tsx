import { useMutation } from '@apollo/client/react';
import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDoorExit, IconExternalLink, IconShare, IconStar, IconStarOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Dialogs } from '../../app/dialogs/DialogHost';
import { errorMessage } from '../../app/errors';
import {
  MyItemsDocument,
  StarItemDocument,
  UnstarItemDocument,
  type ItemSummaryFragment,
} from '../../gql/graphql';
import { itemPath } from './itemLinks';
import { ManageMenuEntries } from './ManageMenuEntries';

export interface ItemMenuTarget {
  item: ItemSummaryFragment;
  /** Owner or item admin: the management entries. */
  manager: boolean;
  starred: boolean;
}

interface ItemActionsMenuProps {
  target: ItemMenuTarget;
  dialogs: Dialogs;
  /** The element that opens the menu (a "more" button). */
  children: ReactNode;
  opened?: boolean;
  onChange?(opened: boolean): void;
}

/** The item context menu (spec §2): open, share, star, exit; managers get the management entries too. */
export function ItemActionsMenu({ target, dialogs, children, opened, onChange }: ItemActionsMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { item, manager, starred } = target;
  const [star] = useMutation(StarItemDocument, { refetchQueries: [MyItemsDocument] });
  const [unstar] = useMutation(UnstarItemDocument, { refetchQueries: [MyItemsDocument] });

  function toggleStar() {
    const action = starred ? unstar : star;
    action({ variables: { id: item.id } })
      .then(() =>
        notifications.show({
          color: 'green',
          message: starred ? t('itemMenu.unstarred') : t('itemMenu.starred'),
        }),
      )
      .catch((err: unknown) =>
        notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) }),
      );
  }

  return (
    <Menu position="bottom-end" shadow="md" width={220} opened={opened} onChange={onChange} withinPortal>
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{item.name}</Menu.Label>
        <Menu.Item leftSection={<IconExternalLink size={16} />} onClick={() => void navigate(itemPath(item))}>
          {t('itemMenu.open')}
        </Menu.Item>
        <Menu.Item leftSection={<IconShare size={16} />} onClick={() => dialogs.open('share-item', { item })}>
          {t('itemMenu.share')}
        </Menu.Item>
        <Menu.Item
          leftSection={starred ? <IconStarOff size={16} /> : <IconStar size={16} />}
          onClick={toggleStar}
        >
          {starred ? t('itemMenu.unstar') : t('itemMenu.star')}
        </Menu.Item>
        {manager ? (
          <>
            <Menu.Divider />
            <ManageMenuEntries item={item} dialogs={dialogs} />
          </>
        ) : (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconDoorExit size={16} />}
              onClick={() => dialogs.open('leave-item', { item })}
            >
              {t('itemMenu.leave')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
