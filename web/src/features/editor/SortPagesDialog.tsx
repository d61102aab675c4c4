import { useMutation, useQuery } from '@apollo/client/react';
import { DragDropContext, Draggable, Droppable } from '@hello-pangea/dnd';
import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGripVertical } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { CatalogManagerDocument, EditorSortPagesDocument } from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';

interface SortablePage {
  id: number;
  title: string;
}

interface SortPagesDialogProps {
  itemId: number;
  /** The catalog whose pages are sorted; null: the item root. */
  catalogId: number | null;
  /** Defaults to "Sort pages". */
  title?: string;
  onClose(): void;
  /** After a save (or a failed one, so the caller reloads the real order). */
  onDone(): void;
}

/** "Sort pages" (spec §2): drag one catalog's pages into order; saved through `sortPages`. */
export function SortPagesDialog({ itemId, catalogId, title, onClose, onDone }: SortPagesDialogProps) {
  const { t } = useTranslation('editor');
  const { data } = useQuery(CatalogManagerDocument, { variables: { itemId }, fetchPolicy: 'network-only' });
  const [sortPages, sorting] = useMutation(EditorSortPagesDocument);
  const [order, setOrder] = useState<SortablePage[] | null>(null);
  useEffect(() => {
    if (!data || order) return;
    const find = (catalogs: typeof data.itemMenu.catalogs): SortablePage[] | null => {
      for (const catalog of catalogs) {
        if (catalog.id === catalogId) return catalog.pages.map((p) => ({ id: p.id, title: p.title }));
        const below = find('catalogs' in catalog ? (catalog.catalogs as typeof data.itemMenu.catalogs) : []);
        if (below) return below;
      }
      return null;
    };
    setOrder(
      catalogId === null
        ? data.itemMenu.pages.map((p) => ({ id: p.id, title: p.title }))
        : (find(data.itemMenu.catalogs) ?? []),
    );
  }, [data, catalogId, order]);

  return (
    <DialogFrame
      opened
      title={title ?? t('sort.title')}
      onClose={onClose}
      loading={sorting.loading}
      confirmDisabled={!order || order.length < 2}
      onConfirm={() =>
        void sortPages({
          variables: {
            itemId,
            order: (order ?? []).map((page, index) => ({ pageId: page.id, sNumber: index + 1 })),
          },
        })
          .then(() => {
            notifications.show({ color: 'green', message: t('sort.saved') });
            onDone();
            onClose();
          })
          .catch((failure: unknown) => {
            notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
            onDone();
          })
      }
    >
      {!order ? <Loader size="sm" /> : null}
      {order && order.length === 0 ? <Text c="dimmed">{t('sort.empty')}</Text> : null}
      {order && order.length > 0 ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('sort.hint')}
          </Text>
          <DragDropContext
            onDragEnd={(result) => {
              if (!result.destination) return;
              const next = [...order];
              const [moved] = next.splice(result.source.index, 1);
              next.splice(result.destination.index, 0, moved);
              setOrder(next);
            }}
          >
            <Droppable droppableId="sort-pages">
              {(provided) => (
                <Paper withBorder ref={provided.innerRef} {...provided.droppableProps}>
                  {order.map((page, index) => (
                    <Draggable key={page.id} draggableId={String(page.id)} index={index}>
                      {(drag) => (
                        <Group
                          ref={drag.innerRef}
                          {...drag.draggableProps}
                          {...drag.dragHandleProps}
                          gap="xs"
                          px="sm"
                          py={6}
                          style={{ ...drag.draggableProps.style, background: 'var(--mantine-color-body)' }}
                        >
                          <IconGripVertical size={14} />
                          <Text size="sm">{page.title}</Text>
                        </Group>
                      )}
                    </Draggable>
                  ))}
                  {provided.placeholder}
                </Paper>
              )}
            </Droppable>
          </DragDropContext>
        </Stack>
      ) : null}
    </DialogFrame>
  );
}
