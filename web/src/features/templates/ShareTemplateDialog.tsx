import { useMutation, useQuery } from '@apollo/client/react';
import { Loader, MultiSelect, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  EditorShareTemplateDocument,
  ManagerEditableItemsDocument,
  type MyTemplateFieldsFragment,
} from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';

interface ShareTemplateDialogProps {
  template: MyTemplateFieldsFragment;
  onClose(): void;
  onShared(): void;
}

/** "Share to items" for one of my templates: the items I can edit, starting from its current shares. */
export function ShareTemplateDialog({ template, onClose, onShared }: ShareTemplateDialogProps) {
  const { t } = useTranslation('editor');
  const items = useQuery(ManagerEditableItemsDocument);
  const [share, sharing] = useMutation(EditorShareTemplateDocument);
  const [selected, setSelected] = useState<string[]>(() => template.shares.map((s) => String(s.itemId)));

  const options = useMemo(() => {
    const editable = (items.data?.myItems.edges ?? [])
      .filter((edge) => edge.node.viewerRights.edit)
      .map((edge) => ({ value: String(edge.node.id), label: edge.node.name }));
    // A current share stays visible (and removable) even when the item is not in the list.
    const known = new Set(editable.map((option) => option.value));
    const others = template.shares
      .filter((s) => !known.has(String(s.itemId)))
      .map((s) => ({ value: String(s.itemId), label: s.itemName }));
    return [...editable, ...others];
  }, [items.data, template.shares]);

  async function submit() {
    try {
      await share({ variables: { templateId: template.id, itemIds: selected.map(Number) } });
      notifications.show({ color: 'green', message: t('templates.shared') });
      onShared();
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
    }
  }

  return (
    <DialogFrame
      opened
      title={t('templates.shareTitle', { title: template.title })}
      onClose={onClose}
      onConfirm={() => void submit()}
      loading={sharing.loading}
    >
      {items.loading && !items.data ? <Loader size="sm" /> : null}
      <MultiSelect
        label={t('templates.shareLabel')}
        placeholder={t('templates.sharePlaceholder')}
        data={options}
        value={selected}
        onChange={setSelected}
        searchable
        clearable
      />
      <Text size="xs" c="dimmed">
        {t('templates.shareHint')}
      </Text>
    </DialogFrame>
  );
}
