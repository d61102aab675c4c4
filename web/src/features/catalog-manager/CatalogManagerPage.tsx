// Just over 400 lines: the screen owns the drag-and-drop tree and its move rules; rows, dialogs and the tree
// model (treeModel.ts) live in their own files.
import { useMutation, useQuery } from '@apollo/client/react';
import { DragDropContext, Draggable, Droppable, type DropResult as DndResult } from '@hello-pangea/dnd';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconCopy,
  IconFileText,
  IconFolder,
  IconFolderPlus,
  IconGripVertical,
  IconListNumbers,
  IconPencil,
  IconSearch,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDialogs } from '../../app/dialogs/DialogHost';
import { errorMessage } from '../../app/errors';
import {
  CatalogManagerDocument,
  ManagerDeleteCatalogDocument,
  ManagerMoveTreeDocument,
  ManagerSaveCatalogDocument,
} from '../../gql/graphql';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { DialogFrame } from '../shell/DialogFrame';
import { NotFoundPage } from '../shell/NotFoundPage';
import {
  MAX_CATALOG_DEPTH,
  applyDrop,
  changesBetween,
  flatten,
  parentCandidates,
  type Row,
} from './treeModel';
import { NAME_LIMITS } from '../../app/name-limits';

const DIGITS = /^\d+$/;

/** /catalog/{item_id}: the catalog tree with add, edit, delete, copy/move and drag-to-reorder (spec §2). */
export function CatalogManagerPage() {
  const { itemId = '' } = useParams();
  if (!DIGITS.test(itemId)) return <NotFoundPage />;
  return <CatalogManager itemId={Number(itemId)} />;
}

type EditState = { id?: number; name: string; parentId: number | null };

function CatalogManager({ itemId }: { itemId: number }) {
  const { t } = useTranslation('editor');
  const { data, error, refetch } = useQuery(CatalogManagerDocument, {
    variables: { itemId },
    fetchPolicy: 'network-only',
  });
  const [moveTree] = useMutation(ManagerMoveTreeDocument);
  const [saveCatalog, savingCatalog] = useMutation(ManagerSaveCatalogDocument);
  const [deleteCatalog, deleting] = useMutation(ManagerDeleteCatalogDocument);
  const [keyword, setKeyword] = useState('');
  const [optimistic, setOptimistic] = useState<Row[] | null>(null);
  const [editing, setEditing] = useState<EditState | null>(null);
  const dialogs = useDialogs();

  const serverRows = useMemo(() => (data ? flatten(data.itemMenu) : []), [data]);
  const rows = optimistic ?? serverRows;
  const searching = keyword.trim() !== '';
  const visible = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    return needle ? rows.filter((row) => row.label.toLowerCase().includes(needle)) : rows;
  }, [rows, keyword]);

  if (error && !data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>
      </Container>
    );
  }
  if (!data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const canEdit = data.item.viewerRights.edit;

  async function onDragEnd(result: DndResult) {
    if (searching || !canEdit) return;
    const target = result.combine
      ? ({ type: 'into', key: result.combine.draggableId } as const)
      : result.destination
        ? ({ type: 'index', index: result.destination.index } as const)
        : null;
    if (!target) return;
    if (target.type === 'index' && result.destination?.index === result.source.index) return;
    const outcome = applyDrop(rows, result.draggableId, target);
    if (!outcome.ok) {
      if (outcome.reason !== 'unchanged') {
        const reasons = {
          pageInPage: t('catalog.pageInPage'),
          tooDeep: t('catalog.tooDeep'),
          intoItself: t('catalog.intoItself'),
        };
        notifications.show({ color: 'orange', message: reasons[outcome.reason] });
      }
      return;
    }
    const changes = changesBetween(rows, outcome.rows);
    if (changes.length === 0) return;
    setOptimistic(outcome.rows);
    const dragged = rows.find((row) => row.key === result.draggableId);
    try {
      await moveTree({
        variables: {
          itemId,
          changes,
          dragged: dragged ? { id: dragged.id, type: dragged.kind } : null,
        },
      });
      await refetch();
      notifications.show({ color: 'green', message: t('catalog.moved') });
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: t('catalog.moveFail'),
        message: errorMessage(failure, '') || undefined,
      });
      await refetch().catch(() => undefined);
    } finally {
      setOptimistic(null);
    }
  }

  async function submitCatalog() {
    if (!editing || !editing.name.trim()) return;
    try {
      await saveCatalog({
        variables: {
          input: {
            ...(editing.id ? { id: editing.id } : {}),
            itemId,
            name: editing.name.trim(),
            parentId: editing.parentId,
          },
        },
      });
      notifications.show({ color: 'green', message: t('catalog.saved') });
      setEditing(null);
      await refetch();
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
    }
  }

  async function removeCatalog(row: Row) {
    try {
      await deleteCatalog({ variables: { id: row.id } });
      notifications.show({ color: 'green', message: t('catalog.deleted') });
      await refetch();
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
    }
  }

  // The same rule as a drop: not inside itself, and its subtree stays within three levels.
  const parentOptions = (catalogId?: number) => [
    { value: '0', label: t('dialog.rootCatalog') },
    ...parentCandidates(rows, catalogId).map((row) => ({
      value: String(row.id),
      label: `${'— '.repeat(row.depth - 1)}${row.label}`,
    })),
  ];

  return (
    <Container size="md" py="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Title order={3}>{t('catalog.title')}</Title>
            <Text c="dimmed" size="sm" truncate="end" title={data.item.name}>
              {data.item.name}
            </Text>
          </Stack>
          <Group gap="xs">
            {canEdit ? (
              <Button
                leftSection={<IconFolderPlus size={16} />}
                onClick={() => setEditing({ name: '', parentId: null })}
              >
                {t('catalog.add')}
              </Button>
            ) : null}
            <Button
              component={Link}
              to={`/${itemId}`}
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              {t('catalog.back')}
            </Button>
          </Group>
        </Group>
        <TextInput
          leftSection={<IconSearch size={14} />}
          placeholder={t('catalog.search')}
          aria-label={t('catalog.search')}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          type="search"
        />
        <Text size="xs" c="dimmed">
          {searching ? t('catalog.dragDisabled') : t('catalog.dragHint')}
        </Text>
        {visible.length === 0 ? (
          <Text c="dimmed">{t('catalog.empty')}</Text>
        ) : (
          <DragDropContext onDragEnd={(result) => void onDragEnd(result)}>
            <Droppable droppableId="tree" isCombineEnabled isDropDisabled={searching || !canEdit}>
              {(provided) => (
                <Paper
                  withBorder
                  ref={provided.innerRef}
                  {...provided.droppableProps}
                  data-testid="catalog-manager-tree"
                >
                  {visible.map((row, index) => (
                    <Draggable
                      key={row.key}
                      draggableId={row.key}
                      index={index}
                      isDragDisabled={searching || !canEdit}
                    >
                      {(drag, snapshot) => (
                        <Group
                          ref={drag.innerRef}
                          {...drag.draggableProps}
                          gap="xs"
                          wrap="nowrap"
                          py={6}
                          style={{
                            ...drag.draggableProps.style,
                            paddingRight: 'var(--mantine-spacing-sm)',
                            paddingLeft: `calc(var(--mantine-spacing-sm) + ${(row.depth - 1) * 24}px)`,
                            background: snapshot.isDragging
                              ? 'var(--mantine-color-default-hover)'
                              : snapshot.combineTargetFor
                                ? 'var(--mantine-primary-color-light)'
                                : 'var(--mantine-color-body)',
                            borderBottom: '1px solid var(--mantine-color-default-border)',
                          }}
                          data-row={row.key}
                        >
                          <span {...drag.dragHandleProps} aria-label={row.label}>
                            <IconGripVertical size={16} color="var(--mantine-color-dimmed)" />
                          </span>
                          {row.kind === 'catalog' ? <IconFolder size={16} /> : <IconFileText size={16} />}
                          {row.kind === 'page' ? (
                            <Anchor
                              component={Link}
                              to={`/${itemId}/${row.id}`}
                              size="sm"
                              truncate="end"
                              title={row.label}
                              style={{ flex: 1, minWidth: 0 }}
                            >
                              {row.label}
                            </Anchor>
                          ) : (
                            <Text
                              size="sm"
                              fw={500}
                              truncate="end"
                              title={row.label}
                              style={{ flex: 1, minWidth: 0 }}
                            >
                              {row.label}
                            </Text>
                          )}
                          {row.kind === 'catalog' && canEdit ? (
                            <Group gap={2} wrap="nowrap">
                              {row.depth < MAX_CATALOG_DEPTH ? (
                                <Tooltip label={t('catalog.addChild')}>
                                  <ActionIcon
                                    variant="subtle"
                                    color="gray"
                                    aria-label={t('catalog.addChild')}
                                    onClick={() => setEditing({ name: '', parentId: row.id })}
                                  >
                                    <IconFolderPlus size={16} />
                                  </ActionIcon>
                                </Tooltip>
                              ) : null}
                              <Tooltip label={t('catalog.rename')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="gray"
                                  aria-label={t('catalog.rename')}
                                  onClick={() =>
                                    setEditing({ id: row.id, name: row.label, parentId: row.parentId })
                                  }
                                >
                                  <IconPencil size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('bar.sortPages')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="gray"
                                  aria-label={`${t('bar.sortPages')}: ${row.label}`}
                                  onClick={() =>
                                    dialogs.open('sort-pages', {
                                      itemId,
                                      catalogId: row.id,
                                      title: `${t('sort.title')}: ${row.label}`,
                                      onDone: () => void refetch(),
                                    })
                                  }
                                >
                                  <IconListNumbers size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('catalog.copyMove')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="gray"
                                  aria-label={t('catalog.copyMove')}
                                  onClick={() =>
                                    dialogs.open('copy-catalog', {
                                      itemId,
                                      row: { id: row.id, label: row.label },
                                      onDone: () => void refetch(),
                                    })
                                  }
                                >
                                  <IconCopy size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <ConfirmIcon
                                label={t('catalog.delete')}
                                question={t('catalog.deleteConfirm', { name: row.label })}
                                loading={deleting.loading}
                                onConfirm={() => removeCatalog(row)}
                              />
                            </Group>
                          ) : null}
                          {row.kind === 'page' && canEdit ? (
                            <Tooltip label={t('bar.copyPage')}>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={`${t('bar.copyPage')}: ${row.label}`}
                                onClick={() =>
                                  dialogs.open('copy-page', {
                                    itemId,
                                    pageId: row.id,
                                    onCopied: () => void refetch(),
                                  })
                                }
                              >
                                <IconCopy size={16} />
                              </ActionIcon>
                            </Tooltip>
                          ) : null}
                        </Group>
                      )}
                    </Draggable>
                  ))}
                  {provided.placeholder}
                </Paper>
              )}
            </Droppable>
          </DragDropContext>
        )}
      </Stack>

      <DialogFrame
        opened={editing !== null}
        title={editing?.id ? t('catalog.rename') : t('catalog.add')}
        onClose={() => setEditing(null)}
        onConfirm={() => void submitCatalog()}
        loading={savingCatalog.loading}
        confirmDisabled={!editing?.name.trim()}
      >
        <TextInput
          label={t('catalog.nameLabel')}
          maxLength={NAME_LIMITS.catalog}
          value={editing?.name ?? ''}
          onChange={(event) => {
            const name = event.currentTarget.value;
            setEditing((current) => (current ? { ...current, name } : current));
          }}
          data-autofocus
        />
        <Select
          label={t('catalog.parentLabel')}
          data={parentOptions(editing?.id)}
          value={String(editing?.parentId ?? 0)}
          onChange={(value) =>
            setEditing((current) =>
              current ? { ...current, parentId: value && value !== '0' ? Number(value) : null } : current,
            )
          }
          allowDeselect={false}
        />
      </DialogFrame>
    </Container>
  );
}
