import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Menu,
  Select,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../app/errors';
import {
  EditorCatalogsDocument,
  EditorDeletePageDocument,
  EditorPageDocument,
  EditorRecoverPageDocument,
  EditorRecycleBinDocument,
  ManagerSaveCatalogDocument,
} from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';
import { CopyPageDialog } from './CopyPageDialog';
import { HistoryDialog } from './HistoryDialog';
import { PageEditorDialog, savedPagePath } from './PageEditorDialog';
import { SortPagesDialog } from './SortPagesDialog';
import { MAX_CATALOG_DEPTH } from '../catalog-manager/treeModel';

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

type BarDialog = 'new' | 'copy' | 'catalog' | 'recycle' | 'history' | 'sort' | 'info' | 'delete' | null;

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
  const [dialog, setDialog] = useState<BarDialog>(null);
  const [deletePage, deleting] = useMutation(EditorDeletePageDocument);
  const close = () => setDialog(null);
  const hasPage = pageId !== null && pageId > 0;

  return (
    <>
      <Group gap={4} wrap="nowrap" justify="center" data-testid="editor-bar">
        <Tooltip label={t('bar.newPage')}>
          <ActionIcon variant="subtle" aria-label={t('bar.newPage')} onClick={() => setDialog('new')}>
            <IconFilePlus size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('bar.copyPage')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('bar.copyPage')}
            disabled={!hasPage}
            onClick={() => setDialog('copy')}
          >
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('bar.newCatalog')}>
          <ActionIcon variant="subtle" aria-label={t('bar.newCatalog')} onClick={() => setDialog('catalog')}>
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
              <Menu.Item leftSection={<IconTrashX size={14} />} onClick={() => setDialog('recycle')}>
                {t('bar.recycleBin')}
              </Menu.Item>
            ) : null}
            <Menu.Item
              leftSection={<IconHistory size={14} />}
              disabled={!hasPage}
              onClick={() => setDialog('history')}
            >
              {t('bar.history')}
            </Menu.Item>
            <Menu.Item leftSection={<IconListNumbers size={14} />} onClick={() => setDialog('sort')}>
              {t('bar.sortPages')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconInfoCircle size={14} />}
              disabled={!hasPage}
              onClick={() => setDialog('info')}
            >
              {t('bar.pageInfo')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconTrash size={14} />}
              color="red"
              disabled={!hasPage}
              onClick={() => setDialog('delete')}
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

      <PageEditorDialog
        itemId={itemId}
        pageId={0}
        catalogId={catalogId}
        opened={dialog === 'new'}
        onClose={close}
        onSaved={(page) => {
          onChanged();
          if (page.created) void navigate(savedPagePath(page));
        }}
      />
      {dialog === 'copy' && hasPage ? (
        <CopyPageDialog
          itemId={itemId}
          pageId={pageId}
          onClose={close}
          onCopied={(copy) => {
            close();
            onChanged();
            void navigate(savedPagePath(copy));
          }}
        />
      ) : null}
      {dialog === 'catalog' ? (
        <NewCatalogDialog itemId={itemId} parentId={catalogId} onClose={close} onDone={onChanged} />
      ) : null}
      {dialog === 'recycle' ? <RecycleBinDialog itemId={itemId} onClose={close} onDone={onChanged} /> : null}
      {hasPage ? (
        <HistoryDialog
          opened={dialog === 'history'}
          pageId={pageId}
          canRestore
          onClose={close}
          onRestored={() => onChanged()}
        />
      ) : null}
      {dialog === 'sort' ? (
        <SortPagesDialog itemId={itemId} catalogId={catalogId} onClose={close} onDone={onChanged} />
      ) : null}
      {dialog === 'info' && hasPage ? <PageInfoDialog pageId={pageId} onClose={close} /> : null}
      <DialogFrame
        opened={dialog === 'delete'}
        title={t('bar.deletePage')}
        onClose={close}
        confirmColor="red"
        loading={deleting.loading}
        onConfirm={() =>
          void deletePage({ variables: { id: pageId ?? 0 } })
            .then(() => {
              notifications.show({ color: 'green', message: t('bar.deleted') });
              close();
              onChanged();
              void navigate(`/${itemId}`);
            })
            .catch((failure: unknown) =>
              notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) }),
            )
        }
      >
        <Text>{t('bar.deleteConfirm')}</Text>
      </DialogFrame>
    </>
  );
}

/**
 * Where "New catalog" puts a catalog by default: in the shown page's catalog, or beside it when that
 * catalog is already at the third level (catalogs nest at most three deep).
 */
export function defaultParent(
  catalogs: readonly { id: number; level: number; parentId?: number | null }[] | undefined,
  parentId: number | null,
): number | null {
  if (parentId === null) return null;
  if (!catalogs) return parentId;
  const own = catalogs.find((c) => c.id === parentId);
  if (!own) return null;
  return own.level < MAX_CATALOG_DEPTH ? own.id : (own.parentId ?? null);
}

function NewCatalogDialog({
  itemId,
  parentId,
  onClose,
  onDone,
}: {
  itemId: number;
  parentId: number | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('editor');
  const catalogs = useQuery(EditorCatalogsDocument, { variables: { itemId } });
  const [save, saving] = useMutation(ManagerSaveCatalogDocument);
  const [name, setName] = useState('');
  // Undefined until the user picks: then the shown page's catalog is the default parent.
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const list = catalogs.data?.catalogs;
  const parent = chosen !== undefined ? chosen : defaultParent(list, parentId);
  const options = [
    { value: '0', label: t('dialog.rootCatalog') },
    ...(list ?? [])
      .filter((c) => c.level < MAX_CATALOG_DEPTH)
      .map((c) => ({ value: String(c.id), label: c.path.join(' / ') })),
  ];
  return (
    <DialogFrame
      opened
      title={t('bar.newCatalog')}
      onClose={onClose}
      loading={saving.loading}
      confirmDisabled={!name.trim()}
      onConfirm={() =>
        void save({ variables: { input: { itemId, name: name.trim(), parentId: parent } } })
          .then(() => {
            notifications.show({ color: 'green', message: t('catalog.saved') });
            onDone();
            onClose();
          })
          .catch((failure: unknown) =>
            notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) }),
          )
      }
    >
      <TextInput
        label={t('catalog.nameLabel')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
      />
      <Select
        label={t('catalog.parentLabel')}
        data={options}
        value={String(parent ?? 0)}
        onChange={(value) => setChosen(value && value !== '0' ? Number(value) : null)}
        allowDeselect={false}
      />
    </DialogFrame>
  );
}

function RecycleBinDialog({ itemId, onClose, onDone }: { itemId: number; onClose(): void; onDone(): void }) {
  const { t, i18n } = useTranslation('editor');
  const { data, loading, error, refetch } = useQuery(EditorRecycleBinDocument, {
    variables: { itemId },
    fetchPolicy: 'network-only',
  });
  const [recover, recovering] = useMutation(EditorRecoverPageDocument);
  const entries = data?.recycleBin ?? [];
  return (
    <DialogFrame opened title={t('recycle.title')} onClose={onClose} size="xl">
      {loading && !data ? <Loader size="sm" /> : null}
      {error ? <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert> : null}
      {data && entries.length === 0 ? <Text c="dimmed">{t('recycle.empty')}</Text> : null}
      {entries.length > 0 ? (
        <Table.ScrollContainer minWidth={500} maxHeight="60vh">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recycle.page')}</Table.Th>
                <Table.Th>{t('recycle.deletedBy')}</Table.Th>
                <Table.Th>{t('recycle.deletedAt')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.pageId}>
                  <Table.Td>{entry.title}</Table.Td>
                  <Table.Td>{entry.deletedByName}</Table.Td>
                  <Table.Td>{new Date(entry.deletedAt).toLocaleString(i18n.language)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      loading={recovering.loading}
                      onClick={() =>
                        void recover({ variables: { itemId, pageId: entry.pageId } })
                          .then(async () => {
                            notifications.show({ color: 'green', message: t('recycle.recovered') });
                            onDone();
                            await refetch();
                          })
                          .catch((failure: unknown) =>
                            notifications.show({
                              color: 'red',
                              message: errorMessage(failure, t('common.networkError')),
                            }),
                          )
                      }
                    >
                      {t('recycle.recover')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </DialogFrame>
  );
}

function PageInfoDialog({ pageId, onClose }: { pageId: number; onClose(): void }) {
  const { t, i18n } = useTranslation('editor');
  const { data, error } = useQuery(EditorPageDocument, {
    variables: { id: pageId },
    fetchPolicy: 'network-only',
  });
  const page = data?.page;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <DialogFrame opened title={t('info.title')} onClose={onClose}>
      {error ? <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert> : null}
      {!page ? (
        <Loader size="sm" />
      ) : (
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('info.id')}</Table.Th>
              <Table.Td>{page.id}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('info.path')}</Table.Th>
              <Table.Td>{page.path.map((c) => c.name).join(' / ') || t('dialog.rootCatalog')}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('info.author')}</Table.Th>
              <Table.Td>{page.authorName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('info.createdAt')}</Table.Th>
              <Table.Td>{when(page.createdAt)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('info.updatedAt')}</Table.Th>
              <Table.Td>{when(page.updatedAt)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('info.version')}</Table.Th>
              <Table.Td>{page.version}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </DialogFrame>
  );
}
