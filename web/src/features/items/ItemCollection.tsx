import { Grid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense } from 'react';
import type { Dialogs } from '../../app/dialogs/DialogHost';
import { ItemCard, ItemRow, type ItemEdge } from './ItemEntries';
import type { ItemViewMode } from './preferences';

export type { ItemEdge } from './ItemEntries';

/** The drag-and-drop library loads with the first sortable list, not with the app. */
const SortableItemList = lazy(() => import('./SortableItemList'));

interface ItemCollectionProps {
  edges: readonly ItemEdge[];
  mode: ItemViewMode;
  dialogs: Dialogs;
  /** Drag to reorder (list view); absent while searching. */
  onReorder?(from: number, to: number): void;
}

/** The items of one group as cards (24-column idea: xs 24, sm 12, md 8, lg 6) or as a list. */
export function ItemCollection({ edges, mode, dialogs, onReorder }: ItemCollectionProps) {
  const { t } = useTranslation();
  if (mode === 'card') {
    // @hello-pangea/dnd sorts single rows or columns, not wrapping grids: cards point to the list view.
    return (
      <Stack gap="xs">
        {onReorder && edges.length > 1 ? (
          <Text size="xs" c="dimmed" data-testid="card-sort-hint">
            {t('items.cardSortHint')}
          </Text>
        ) : null}
        <Grid gap="md" data-testid="item-cards">
          {edges.map((edge) => (
            <Grid.Col key={edge.node.id} span={{ base: 12, sm: 6, md: 4, lg: 3 }}>
              <ItemCard edge={edge} dialogs={dialogs} />
            </Grid.Col>
          ))}
        </Grid>
      </Stack>
    );
  }

  const plain = (
    <Stack gap={6} data-testid="item-list">
      {edges.map((edge) => (
        <ItemRow key={edge.node.id} edge={edge} dialogs={dialogs} handle={null} />
      ))}
    </Stack>
  );
  if (!onReorder) return plain;
  return (
    <Suspense fallback={plain}>
      <SortableItemList edges={edges} dialogs={dialogs} onReorder={onReorder} />
    </Suspense>
  );
}
