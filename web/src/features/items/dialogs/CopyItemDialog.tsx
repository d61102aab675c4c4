import { useMutation } from '@apollo/client/react';
import { Alert, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import { CopyItemDocument, MyItemsDocument, type ItemSummaryFragment } from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';
import { copyFormFor, validateItemForm, visitPassword, type ItemFormValues } from '../itemForm';
import { VisibilityFields } from './VisibilityFields';
import { NAME_LIMITS } from '../../../app/name-limits';

/** Copies an item (catalogs and pages): the name defaults to the original plus '--copy' (spec §5). */
export function CopyItemDialog({ item, onClose }: { item: ItemSummaryFragment; onClose(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ItemFormValues>(() => copyFormFor(item));
  const [error, setError] = useState<string | null>(null);
  const [copyItem, { loading }] = useMutation(CopyItemDocument, { refetchQueries: [MyItemsDocument] });
  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function submit() {
    const problem = validateItemForm(values);
    if (problem) {
      setError(t(`itemForm.errors.${problem}`));
      return;
    }
    setError(null);
    try {
      await copyItem({
        variables: {
          input: {
            sourceId: item.id,
            name: values.name.trim(),
            description: values.description.trim(),
            password: visitPassword(values),
          },
        },
      });
      notifications.show({ color: 'green', message: t('copyItem.done') });
      onClose();
    } catch (err) {
      setError(errorMessage(err, t('common.networkError')));
    }
  }

  return (
    <DialogFrame
      opened
      title={t('itemMenu.copy')}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmLabel={t('copyItem.submit')}
      loading={loading}
    >
      <Stack gap="sm">
        <TextInput
          label={t('copyItem.name')}
          maxLength={NAME_LIMITS.item}
          required
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          name="itemName"
          data-autofocus
        />
        <Textarea
          label={t('itemForm.description')}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={5}
          name="itemDescription"
        />
        <VisibilityFields
          visibility={values.visibility}
          password={values.password}
          onVisibilityChange={(visibility) => set('visibility', visibility)}
          onPasswordChange={(password) => set('password', password)}
          passwordHint={t('copyItem.passwordHint')}
        />
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </DialogFrame>
  );
}
