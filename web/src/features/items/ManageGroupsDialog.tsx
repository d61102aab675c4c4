import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGripVertical, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  DeleteItemGroupDocument,
  ItemGroupsDocument,
  MyItemsDocument,
  SaveItemGroupDocument,
  SortItemGroupsDocument,
  type ItemGroupsQuery,
} from '../../gql/graphql';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { DialogFrame } from '../shell/DialogFrame';
import { reorder } from './reorder';
import { NAME_LIMITS } from '../../app/name-limits';

type ItemGroup = ItemGroupsQuery['itemGroups'][number];

/** Spec §5: an empty group name becomes 'default'. */
export const DEFAULT_GROUP_NAME = 'default';

/** Add, rename (with the group's items), delete and drag to sort the user's item groups. */
export default function ManageGroupsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { data, client } = useQuery(ItemGroupsDocument);
  const [editing, setEditing] = useState<ItemGroup | 'new' | null>(null);
  const [sortGroups] = useMutation(SortItemGroupsDocument);
  const [deleteGroup, deleteState] = useMutation(DeleteItemGroupDocument, {
    refetchQueries: [ItemGroupsDocument],
  });
  const groups = data?.itemGroups ?? [];

  function onDragEnd(result: DropResult) {
    if (!result.destination || result.destination.index === result.source.index) return;
    const next = reorder(groups, result.source.index, result.destination.index);
    client.writeQuery({ query: ItemGroupsDocument, data: { itemGroups: next } });
    sortGroups({ variables: { ids: next.map((group) => group.id) } }).catch((err: unknown) => {
      // Spec §4: after a failed sort the list is reloaded.
      notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
      void client.refetchQueries({ include: [ItemGroupsDocument] });
    });
  }

  return (
    <DialogFrame opened title={t('groups.title')} onClose={onClose}>
      <Stack gap="sm">
        {editing ? (
          <GroupEditor group={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('groups.dragHint')}
            </Text>
            <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('groups.add')}
            </Button>
          </Group>
        )}
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('groups.none')}
          </Text>
        ) : (
          <DragDropContext onDragEnd={onDragEnd}>
            <Droppable droppableId="item-groups">
              {(provided) => (
                <Stack gap={6} ref={provided.innerRef} {...provided.droppableProps}>
                  {groups.map((group, index) => (
                    <Draggable key={group.id} draggableId={String(group.id)} index={index}>
                      {(drag) => (
                        <Paper
                          withBorder
                          radius="md"
                          px="xs"
                          py={6}
                          ref={drag.innerRef}
                          {...drag.draggableProps}
                          data-testid="group-row"
                        >
                          <Group justify="space-between" wrap="nowrap" gap="xs">
                            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                component="span"
                                aria-label={t('groups.dragHandle', { name: group.name })}
                                {...drag.dragHandleProps}
                              >
                                <IconGripVertical size={16} />
                              </ActionIcon>
                              <Text size="sm" fw={500} truncate>
                                {group.name}
                              </Text>
                              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                                {t('groups.itemCount', { count: group.itemIds.length })}
                              </Text>
                            </Group>
                            <Group gap={2} wrap="nowrap">
                              <Tooltip label={t('groups.edit')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="gray"
                                  aria-label={t('groups.editNamed', { name: group.name })}
                                  onClick={() => setEditing(group)}
                                >
                                  <IconPencil size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <ConfirmIcon
                                label={t('groups.delete')}
                                question={t('groups.deleteConfirm', { name: group.name })}
                                loading={deleteState.loading}
                                onConfirm={async () => {
                                  try {
                                    await deleteGroup({ variables: { id: group.id } });
                                  } catch (err) {
                                    notifications.show({
                                      color: 'red',
                                      message: errorMessage(err, t('common.networkError')),
                                    });
                                  }
                                }}
                              />
                            </Group>
                          </Group>
                        </Paper>
                      )}
                    </Draggable>
                  ))}
                  {provided.placeholder}
                </Stack>
              )}
            </Droppable>
          </DragDropContext>
        )}
      </Stack>
    </DialogFrame>
  );
}

function GroupEditor({ group, onDone }: { group: ItemGroup | null; onDone(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(group?.name ?? '');
  const [itemIds, setItemIds] = useState<string[]>(group?.itemIds.map(String) ?? []);
  const [error, setError] = useState<string | null>(null);
  const items = useQuery(MyItemsDocument, { variables: { groupId: 0 } });
  const [save, { loading }] = useMutation(SaveItemGroupDocument, {
    refetchQueries: [ItemGroupsDocument, MyItemsDocument],
  });
  const options = (items.data?.myItems.edges ?? []).map((edge) => ({
    value: String(edge.node.id),
    label: edge.node.name,
  }));

  async function submit() {
    setError(null);
    try {
      await save({
        variables: {
          input: {
            id: group?.id,
            name: name.trim() || DEFAULT_GROUP_NAME,
            itemIds: itemIds.map(Number),
          },
        },
      });
      notifications.show({ color: 'green', message: t('groups.saved') });
      onDone();
    } catch (err) {
      setError(errorMessage(err, t('common.networkError')));
    }
  }

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        <TextInput
          label={t('groups.name')}
          maxLength={NAME_LIMITS.itemGroup}
          placeholder={DEFAULT_GROUP_NAME}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <MultiSelect
          label={t('groups.items')}
          data={options}
          value={itemIds}
          onChange={setItemIds}
          searchable
          clearable
          placeholder={itemIds.length === 0 ? t('groups.itemsPlaceholder') : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        {error ? (
          <Alert color="red" p="xs">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" loading={loading} onClick={() => void submit()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
