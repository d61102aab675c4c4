import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconFilePlus,
  IconFolderPlus,
  IconHistory,
  IconInfoCircle,
  IconListNumbers,
  IconFoldDown,
  IconFoldUp,
  IconSitemap,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDialogs } from '../../app/dialogs/DialogHost';
import { savedPagePath } from './savedPagePath';

export interface EditorBarProps {
  itemId: number;
  /** The page shown, if any (copy, history, info, sort and delete act on it). */
  pageId: number | null;
  /** Its catalog: new pages go there too. */
  catalogId?: number | null;
  /** Item managers see the recycle bin. */
  canManage: boolean;
  /** The menu changed (page saved, deleted, recovered, sorted, catalog added): refetch it. */
  onChanged(): void;
  onExpandAll(): void;
  onCollapseAll(): void;
}

/** The item view's bottom bar for editors (spec §2): new page, copy page, new catalog and a more menu. */
export function EditorBar({
  itemId,
  pageId,
  catalogId = null,
  canManage,
  onChanged,
  onExpandAll,
  onCollapseAll,
}: EditorBarProps) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const hasPage = pageId !== null && pageId > 0;
  const page = hasPage ? pageId : 0;

  return (
    <Group gap={4} wrap="nowrap" justify="center" data-testid="editor-bar">
      <Tooltip label={t('bar.newPage')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('bar.newPage')}
          onClick={() =>
            dialogs.open('edit-page', {
              itemId,
              pageId: 0,
              catalogId,
              onSaved: (saved) => {
                onChanged();
                if (saved.created) void navigate(savedPagePath(saved));
              },
            })
          }
        >
          <IconFilePlus size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('bar.copyPage')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('bar.copyPage')}
          disabled={!hasPage}
          onClick={() =>
            dialogs.open('copy-page', {
              itemId,
              pageId: page,
              onCopied: (copy) => {
                onChanged();
                void navigate(savedPagePath(copy));
              },
            })
          }
        >
          <IconCopy size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('bar.newCatalog')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('bar.newCatalog')}
          onClick={() => dialogs.open('new-catalog', { itemId, parentId: catalogId, onDone: onChanged })}
        >
          <IconFolderPlus size={18} />
        </ActionIcon>
      </Tooltip>
      <Menu shadow="md" position="top-end">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('bar.more')}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canManage ? (
            <Menu.Item
              leftSection={<IconTrashX size={14} />}
              onClick={() => dialogs.open('recycle-bin', { itemId, onRecovered: onChanged })}
            >
              {t('bar.recycleBin')}
            </Menu.Item>
          ) : null}
          <Menu.Item
            leftSection={<IconHistory size={14} />}
            disabled={!hasPage}
            onClick={() =>
              dialogs.open('page-history', { pageId: page, canRestore: true, onRestored: onChanged })
            }
          >
            {t('bar.history')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconListNumbers size={14} />}
            onClick={() => dialogs.open('sort-pages', { itemId, catalogId, onDone: onChanged })}
          >
            {t('bar.sortPages')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconInfoCircle size={14} />}
            disabled={!hasPage}
            onClick={() => dialogs.open('page-info', { pageId: page })}
          >
            {t('bar.pageInfo')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconTrash size={14} />}
            color="red"
            disabled={!hasPage}
            onClick={() =>
              dialogs.open('delete-page', {
                pageId: page,
                onDeleted: () => {
                  onChanged();
                  void navigate(`/${itemId}`);
                },
              })
            }
          >
            {t('bar.deletePage')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconFoldDown size={14} />} onClick={onExpandAll}>
            {t('bar.expandAll')}
          </Menu.Item>
          <Menu.Item leftSection={<IconFoldUp size={14} />} onClick={onCollapseAll}>
            {t('bar.collapseAll')}
          </Menu.Item>
          <Menu.Item leftSection={<IconSitemap size={14} />} component={Link} to={`/catalog/${itemId}`}>
            {t('bar.catalogManager')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
