import { useMutation, useQuery } from '@apollo/client/react';
import { Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { EditorCatalogsDocument, ManagerSaveCatalogDocument } from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';
import { MAX_CATALOG_DEPTH } from '../catalog-manager/treeModel';
import { NAME_LIMITS } from '../../app/name-limits';

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

/** "New catalog" from the editor bar. */
export function NewCatalogDialog({
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
        maxLength={NAME_LIMITS.catalog}
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
