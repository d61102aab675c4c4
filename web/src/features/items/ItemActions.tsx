import { useMutation } from '@apollo/client/react';
import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDoorExit, IconExternalLink, IconShare, IconStar, IconStarOff } from '@tabler/icons-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../app/errors';
import {
  MyItemsDocument,
  StarItemDocument,
  UnstarItemDocument,
  type ItemSummaryFragment,
} from '../../gql/graphql';
import { itemPath } from './itemLinks';
import { ManageMenuEntries } from './ManageMenuEntries';

/** The dialogs' code (ItemDialogs.tsx): loaded when one is first opened, not with the item list. */
type RenderItemDialog = typeof import('./ItemDialogs').renderItemDialog;
let renderItemDialog: RenderItemDialog | null = null;
function loadItemDialogs(): Promise<unknown> {
  return import('./ItemDialogs').then((module) => {
    renderItemDialog = module.renderItemDialog;
  });
}

export type ItemDialogKind =
  | 'share'
  | 'info'
  | 'members'
  | 'apiKey'
  | 'recycle'
  | 'changeLog'
  | 'transfer'
  | 'copy'
  | 'archive'
  | 'delete'
  | 'import'
  | 'leave';

/** The page a dialog is about (sharing from the item view); `shareable`: it may get its own link. */
export interface DialogPage {
  id: number;
  title: string;
  shareable?: boolean;
}

export interface OpenDialog {
  kind: ItemDialogKind;
  item: ItemSummaryFragment;
  page?: DialogPage | null;
}

export type OpenItemDialog = (
  kind: ItemDialogKind,
  item: ItemSummaryFragment,
  page?: DialogPage | null,
) => void;

/**
 * The item dialogs of the list, the item view and the settings screen, one at a time. `onGone` runs
 * after the viewer lost the item (deleted, archived away, transferred, left): the item view leaves it.
 */
export function useItemDialogs(onGone?: (kind: ItemDialogKind) => void): [OpenItemDialog, ReactNode] {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<OpenDialog | null>(null);
  // The dialog opens once its code is there (at once after the first time); the state update then is an
  // ordinary one, so the dialog appears with its content rather than through a Suspense fallback.
  const open = useCallback<OpenItemDialog>(
    (kind, item, page) => {
      if (renderItemDialog) setCurrent({ kind, item, page });
      else
        loadItemDialogs().then(
          () => setCurrent({ kind, item, page }),
          (err: unknown) =>
            notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) }),
        );
    },
    [t],
  );
  const close = () => setCurrent(null);
  const gone = () => onGone?.(current?.kind ?? 'delete');
  return [open, current && renderItemDialog ? renderItemDialog(current, close, gone) : null];
}

export interface ItemMenuTarget {
  item: ItemSummaryFragment;
  /** Owner or item admin: the management entries. */
  manager: boolean;
  starred: boolean;
}

interface ItemActionsMenuProps {
  target: ItemMenuTarget;
  onOpenDialog: OpenItemDialog;
  /** The element that opens the menu (a "more" button). */
  children: ReactNode;
  opened?: boolean;
  onChange?(opened: boolean): void;
}

/** The item context menu (spec §2): open, share, star, exit; managers get the management entries too. */
export function ItemActionsMenu({ target, onOpenDialog, children, opened, onChange }: ItemActionsMenuProps) {
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
        <Menu.Item leftSection={<IconShare size={16} />} onClick={() => onOpenDialog('share', item)}>
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
            <ManageMenuEntries item={item} onOpenDialog={onOpenDialog} />
          </>
        ) : (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconDoorExit size={16} />}
              onClick={() => onOpenDialog('leave', item)}
            >
              {t('itemMenu.leave')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
