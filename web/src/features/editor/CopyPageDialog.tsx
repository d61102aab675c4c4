import { useMutation, useQuery } from '@apollo/client/react';
import { Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  EditorCatalogsDocument,
  EditorCopyPageDocument,
  EditorPageDocument,
  ManagerEditableItemsDocument,
} from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';
import { NAME_LIMITS } from '../../app/name-limits';

/** Single-page items and spreadsheets hold one page: nothing is copied or moved into them. */
const SINGLE_CONTENT_TYPES = new Set([2, 4]);

/**
 * The items a page or catalog may be copied into: those the viewer may edit (not archived), except
 * single-page items and spreadsheets; the current item always leads the list.
 */
export function useCopyTargets(currentItemId: number, currentItemName?: string) {
  const items = useQuery(ManagerEditableItemsDocument);
  return useMemo(() => {
    const options = (items.data?.myItems.edges ?? [])
      .filter((edge) => edge.node.viewerRights.edit && !SINGLE_CONTENT_TYPES.has(edge.node.type))
      .map((edge) => ({ value: String(edge.node.id), label: edge.node.name }));
    const current = options.find((option) => option.value === String(currentItemId));
    const rest = options.filter((option) => option !== current);
    return [
      current ?? { value: String(currentItemId), label: currentItemName ?? String(currentItemId) },
      ...rest,
    ];
  }, [items.data, currentItemId, currentItemName]);
}

export interface CopiedPage {
  id: number;
  itemId: number;
  title: string;
}

interface CopyPageDialogProps {
  itemId: number;
  pageId: number;
  onClose(): void;
  onCopied(page: CopiedPage): void;
}

/** "Copy page": choose the target item, its catalog and the copy's title; the server makes the copy. */
export function CopyPageDialog({ itemId, pageId, onClose, onCopied }: CopyPageDialogProps) {
  const { t } = useTranslation('editor');
  const source = useQuery(EditorPageDocument, { variables: { id: pageId } });
  const targets = useCopyTargets(itemId);
  const [toItem, setToItem] = useState(itemId);
  const [catalog, setCatalog] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const catalogs = useQuery(EditorCatalogsDocument, { variables: { itemId: toItem } });
  const [copyPage, copying] = useMutation(EditorCopyPageDocument);

  // The source fills the form once: the same catalog and a title marked as a copy.
  const page = source.data?.page;
  useEffect(() => {
    if (!page) return;
    setTitle(page.title + t('bar.copySuffix'));
    setCatalog(page.catalogId ?? null);
  }, [page, t]);

  const catalogOptions = [
    { value: '0', label: t('dialog.rootCatalog') },
    ...(catalogs.data?.catalogs ?? []).map((entry) => ({
      value: String(entry.id),
      label: entry.path.join(' / '),
    })),
  ];

  async function submit() {
    try {
      const result = await copyPage({
        variables: { input: { pageId, toItemId: toItem, catalogId: catalog, title: title.trim() } },
      });
      const copy = result.data?.copyPage;
      if (!copy) return;
      notifications.show({ color: 'green', message: t('copy.done', { title: copy.title }) });
      onClose();
      onCopied(copy);
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
    }
  }

  return (
    <DialogFrame
      opened
      title={t('bar.copyPage')}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmLabel={t('copy.confirm')}
      loading={copying.loading}
      confirmDisabled={!page || !title.trim()}
    >
      <Select
        label={t('catalog.targetItem')}
        data={targets}
        value={String(toItem)}
        onChange={(value) => {
          if (!value) return;
          setToItem(Number(value));
          setCatalog(null);
        }}
        searchable
        allowDeselect={false}
      />
      <Select
        label={t('copy.targetCatalog')}
        data={catalogOptions}
        value={String(catalog ?? 0)}
        onChange={(value) => setCatalog(value && value !== '0' ? Number(value) : null)}
        searchable
        allowDeselect={false}
      />
      <TextInput
        label={t('copy.titleLabel')}
        maxLength={NAME_LIMITS.pageTitle}
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        data-autofocus
      />
    </DialogFrame>
  );
}
