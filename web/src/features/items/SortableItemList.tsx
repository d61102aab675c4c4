import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { ActionIcon, Stack } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Dialogs } from '../../app/dialogs/DialogHost';
import { ItemRow, type ItemEdge } from './ItemEntries';

/** The list view with drag handles (spec §2: items can be dragged to reorder). */
export default function SortableItemList({
  edges,
  dialogs,
  onReorder,
}: {
  edges: readonly ItemEdge[];
  dialogs: Dialogs;
  onReorder(from: number, to: number): void;
}) {
  const { t } = useTranslation();

  function onDragEnd(result: DropResult) {
    if (result.destination && result.destination.index !== result.source.index) {
      onReorder(result.source.index, result.destination.index);
    }
  }

  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Droppable droppableId="items">
        {(provided) => (
          <Stack gap={6} ref={provided.innerRef} {...provided.droppableProps} data-testid="item-list">
            {edges.map((edge, index) => (
              <Draggable key={edge.node.id} draggableId={String(edge.node.id)} index={index}>
                {(drag) => (
                  <div ref={drag.innerRef} {...drag.draggableProps}>
                    <ItemRow
                      edge={edge}
                      dialogs={dialogs}
                      handle={
                        <ActionIcon
                          component="span"
                          variant="subtle"
                          color="gray"
                          aria-label={t('items.dragHandle', { name: edge.node.name })}
                          {...drag.dragHandleProps}
                        >
                          <IconGripVertical size={16} />
                        </ActionIcon>
                      }
                    />
                  </div>
                )}
              </Draggable>
            ))}
            {provided.placeholder}
          </Stack>
        )}
      </Droppable>
    </DragDropContext>
  );
}
