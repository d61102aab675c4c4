import { useMutation, useQuery } from '@apollo/client/react';
import { Checkbox, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { EditorCatalogsDocument, ManagerCopyCatalogDocument } from '../../gql/graphql';
import { useCopyTargets } from '../editor/CopyPageDialog';
import { DialogFrame } from '../shell/DialogFrame';
import { MAX_CATALOG_DEPTH } from './treeModel';

/** "Copy or move" a catalog with its pages and sub-catalogs, into this item or another one. */
export function CopyCatalogDialog({
  itemId,
  row,
  onClose,
  onDone,
}: {
  itemId: number;
  /** The catalog (its id and the label the tree shows). */
  row: { id: number; label: string };
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('editor');
  const itemOptions = useCopyTargets(itemId);
  const [toItem, setToItem] = useState(itemId);
  const [parent, setParent] = useState<number | null>(null);
  const [move, setMove] = useState(false);
  const targetCatalogs = useQuery(EditorCatalogsDocument, { variables: { itemId: toItem } });
  const [copy, copying] = useMutation(ManagerCopyCatalogDocument);
  const parentOptions = [
    { value: '0', label: t('dialog.rootCatalog') },
    ...(targetCatalogs.data?.catalogs ?? [])
      .filter((catalog) => catalog.level < MAX_CATALOG_DEPTH && !(toItem === itemId && catalog.id === row.id))
      .map((catalog) => ({ value: String(catalog.id), label: catalog.path.join(' / ') })),
  ];

  async function submit() {
    try {
      await copy({ variables: { input: { catalogId: row.id, toItemId: toItem, parentId: parent, move } } });
      notifications.show({ color: 'green', message: move ? t('catalog.movedTo') : t('catalog.copied') });
      onClose();
      onDone();
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
    }
  }

  return (
    <DialogFrame
      opened
      title={`${t('catalog.copyMove')}: ${row.label}`}
      onClose={onClose}
      onConfirm={() => void submit()}
      loading={copying.loading}
    >
      <Select
        label={t('catalog.targetItem')}
        data={itemOptions}
        value={String(toItem)}
        onChange={(value) => {
          if (value) setToItem(Number(value));
          setParent(null);
        }}
        searchable
        allowDeselect={false}
      />
      <Select
        label={t('catalog.targetParent')}
        data={parentOptions}
        value={String(parent ?? 0)}
        onChange={(value) => setParent(value && value !== '0' ? Number(value) : null)}
        allowDeselect={false}
      />
      <Checkbox
        label={t('catalog.move')}
        checked={move}
        onChange={(event) => setMove(event.currentTarget.checked)}
      />
    </DialogFrame>
  );
}
