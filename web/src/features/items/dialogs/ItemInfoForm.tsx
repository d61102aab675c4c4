import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Group, Loader, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../app/errors';
import {
  ItemDetailDocument,
  ItemViewDocument,
  MyItemsDocument,
  UpdateItemDocument,
  type ItemDetailQuery,
} from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';
import { validateItemForm, visitPassword, type ItemFormValues } from '../itemForm';
import { VisibilityFields } from './VisibilityFields';
import { NAME_LIMITS } from '../../../app/name-limits';

type Detail = ItemDetailQuery['item'];

function formFor(item: Detail): ItemFormValues {
  return {
    name: item.name,
    description: item.description,
    domain: item.domain ?? '',
    visibility: item.isPrivate ? 'private' : 'open',
    password: item.password ?? '',
  };
}

/** The base-info form's state and its save, shared by the dialog and the settings tab. */
function useItemInfo(item: Detail, onSaved?: () => void) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [values, setValues] = useState<ItemFormValues>(() => formFor(item));
  const [error, setError] = useState<string | null>(null);
  const [updateItem, { loading }] = useMutation(UpdateItemDocument, {
    refetchQueries: [MyItemsDocument, ItemViewDocument],
  });
  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function submit() {
    const problem = validateItemForm(values);
    if (problem) {
      setError(t(`itemForm.errors.${problem}`));
      return;
    }
    setError(null);
    const before = item.domain ?? '';
    const domain = values.domain.trim();
    try {
      await updateItem({
        variables: {
          id: item.id,
          input: {
            name: values.name.trim(),
            description: values.description.trim(),
            password: visitPassword(values),
            // Sent only when changed ('' removes it): an unchanged one is not checked again.
            ...(domain !== before ? { domain } : {}),
          },
        },
      });
      notifications.show({ color: 'green', message: t('itemForm.saved') });
      onSaved?.();
      // Reading the item at its old domain: follow it to the new address.
      const [, first = '', ...rest] = location.pathname.split('/');
      if (domain !== before && before && first === before) {
        const moved = `/${[domain || String(item.id), ...rest].join('/')}${location.search}`;
        void navigate(moved, { replace: true });
      }
    } catch (err) {
      // DOMAIN_INVALID / DOMAIN_TAKEN and the rest: the server's message, the form keeps what was typed.
      setError(errorMessage(err, t('common.networkError')));
    }
  }

  return { values, set, error, loading, submit };
}

function ItemInfoFields({ state }: { state: ReturnType<typeof useItemInfo> }) {
  const { t } = useTranslation();
  const { values, set, error } = state;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('itemForm.name')}
        maxLength={NAME_LIMITS.item}
        required
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        name="itemName"
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
      <TextInput
        label={t('itemForm.domain')}
        description={t('itemForm.domainEdit')}
        value={values.domain}
        placeholder={t('itemForm.noDomain')}
        onChange={(event) => set('domain', event.currentTarget.value)}
        autoCapitalize="off"
        spellCheck={false}
        name="itemDomain"
        leftSection={
          <Text size="sm" c="dimmed">
            /
          </Text>
        }
      />
      <VisibilityFields
        visibility={values.visibility}
        password={values.password}
        onVisibilityChange={(visibility) => set('visibility', visibility)}
        onPasswordChange={(password) => set('password', password)}
      />
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

function SettingsForm({ item }: { item: Detail }) {
  const { t } = useTranslation();
  const state = useItemInfo(item);
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void state.submit();
      }}
      noValidate
    >
      <Stack gap="md" maw={560}>
        <ItemInfoFields state={state} />
        <Group>
          <Button type="submit" loading={state.loading}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The base-info tab of the item settings screen. */
export function ItemInfoForm({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const { data, error } = useQuery(ItemDetailDocument, { variables: { id: itemId } });
  if (error) return <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>;
  if (!data) return <Loader size="sm" />;
  return <SettingsForm key={data.item.id} item={data.item} />;
}

function LoadedDialog({ item, onClose }: { item: Detail; onClose(): void }) {
  const { t } = useTranslation();
  const state = useItemInfo(item, onClose);
  return (
    <DialogFrame
      opened
      title={t('itemMenu.baseInfo')}
      onClose={onClose}
      onConfirm={() => void state.submit()}
      confirmLabel={t('common.save')}
      loading={state.loading}
    >
      <ItemInfoFields state={state} />
    </DialogFrame>
  );
}

/** "Update base info" from the item menu. */
export function ItemInfoDialog({ itemId, onClose }: { itemId: number; onClose(): void }) {
  const { t } = useTranslation();
  const { data, error } = useQuery(ItemDetailDocument, {
    variables: { id: itemId },
    fetchPolicy: 'network-only',
  });
  if (data) return <LoadedDialog key={data.item.id} item={data.item} onClose={onClose} />;
  return (
    <DialogFrame opened title={t('itemMenu.baseInfo')} onClose={onClose}>
      {error ? (
        <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>
      ) : (
        <Loader size="sm" />
      )}
    </DialogFrame>
  );
}
