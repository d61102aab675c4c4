import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Select, SimpleGrid, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconApi,
  IconFileImport,
  IconFileText,
  IconNotes,
  IconTable,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import { CreateItemDocument, MyItemsDocument, type ItemSummaryFragment } from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';
import { emptyItemForm, validateItemForm, visitPassword, type ItemFormValues } from '../itemForm';
import { ApiKeyPanel } from './ApiKeyDialog';
import { ImportPanel } from '../../import/ImportPanel';
import { VisibilityFields } from './VisibilityFields';
import classes from './CreateItemDialog.module.css';
import { NAME_LIMITS } from '../../../app/name-limits';

/**
 * 1 regular, 2 single page, 4 spreadsheet; 'api' explains automatic generation through the open API,
 * 'import' creating an item from a file (the import panel).
 */
export type CreateKind = 1 | 2 | 4 | 'api' | 'import';

interface CreateItemDialogProps {
  opened: boolean;
  onClose(): void;
  /** The group selected in the list (above 0): the new item goes into it. */
  groupId: number;
  onCreated?(item: ItemSummaryFragment): void;
}

export function CreateItemDialog({ opened, onClose, groupId, onCreated }: CreateItemDialogProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CreateKind>(1);
  const [values, setValues] = useState<ItemFormValues>(emptyItemForm);
  const [error, setError] = useState<string | null>(null);
  const [createItem, { loading }] = useMutation(CreateItemDocument, {
    refetchQueries: [MyItemsDocument],
  });

  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function close() {
    setValues(emptyItemForm());
    setKind(1);
    setError(null);
    onClose();
  }

  async function submit() {
    if (kind === 'api' || kind === 'import') return;
    const problem = validateItemForm(values);
    if (problem) {
      setError(t(`itemForm.errors.${problem}`));
      return;
    }
    setError(null);
    try {
      const { data } = await createItem({
        variables: {
          input: {
            type: kind,
            name: values.name.trim(),
            description: values.description.trim(),
            domain: values.domain.trim() || undefined,
            password: visitPassword(values),
            groupIds: groupId > 0 ? [groupId] : undefined,
          },
        },
      });
      notifications.show({ color: 'green', message: t('createItem.created') });
      if (data) onCreated?.(data.createItem);
      close();
    } catch (err) {
      setError(errorMessage(err, t('common.networkError')));
    }
  }

  const kinds: { value: CreateKind; icon: ReactNode; label: string; text: string }[] = [
    {
      value: 1,
      icon: <IconNotes size={22} />,
      label: t('createItem.regular'),
      text: t('createItem.regularText'),
    },
    {
      value: 2,
      icon: <IconFileText size={22} />,
      label: t('createItem.singlePage'),
      text: t('createItem.singlePageText'),
    },
    {
      value: 4,
      icon: <IconTable size={22} />,
      label: t('createItem.spreadsheet'),
      text: t('createItem.spreadsheetText'),
    },
    {
      value: 'api',
      icon: <IconApi size={22} />,
      label: t('createItem.openApi'),
      text: t('createItem.openApiText'),
    },
    {
      value: 'import',
      icon: <IconFileImport size={22} />,
      label: t('createItem.importFile'),
      text: t('createItem.importFileText'),
    },
  ];
  const formless = kind === 'api' || kind === 'import';

  return (
    <DialogFrame
      opened={opened}
      title={t('createItem.title')}
      onClose={close}
      onConfirm={formless ? undefined : () => void submit()}
      confirmLabel={t('createItem.submit')}
      loading={loading}
    >
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" role="radiogroup" aria-label={t('createItem.type')}>
        {kinds.map((option) => (
          <UnstyledButton
            key={option.value}
            role="radio"
            aria-checked={kind === option.value}
            className={classes.kind}
            data-checked={kind === option.value || undefined}
            onClick={() => {
              setKind(option.value);
              setError(null);
            }}
          >
            <Stack gap={4} align="center" ta="center">
              {option.icon}
              <Text size="sm" fw={600}>
                {option.label}
              </Text>
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {kinds.find((option) => option.value === kind)?.text}
      </Text>

      {kind === 'api' ? (
        <OpenApiHowTo />
      ) : kind === 'import' ? (
        <ImportPanel onOpen={onClose} />
      ) : (
        <Stack gap="sm">
          <TextInput
            label={t('itemForm.name')}
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
          <TextInput
            label={t('itemForm.domain')}
            description={t('itemForm.domainHint')}
            leftSection={
              <Text size="sm" c="dimmed">
                /
              </Text>
            }
            value={values.domain}
            onChange={(event) => set('domain', event.currentTarget.value)}
            autoCapitalize="off"
            spellCheck={false}
            name="itemDomain"
          />
          <VisibilityFields
            visibility={values.visibility}
            password={values.password}
            onVisibilityChange={(visibility) => set('visibility', visibility)}
            onPasswordChange={(password) => set('password', password)}
          />
        </Stack>
      )}
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
          {error}
        </Alert>
      ) : null}
    </DialogFrame>
  );
}

/** Pages of a regular item can be written by scripts: pick the item, then call the open API with its key. */
function OpenApiHowTo() {
  const { t } = useTranslation();
  const { data } = useQuery(MyItemsDocument, { variables: { groupId: 0 } });
  const candidates = (data?.myItems.edges ?? []).filter(
    (edge) => edge.manager && edge.node.type !== 2 && edge.node.type !== 4 && !edge.node.isArchived,
  );
  const [itemId, setItemId] = useState<string | null>(null);
  const selected = itemId ?? (candidates[0] ? String(candidates[0].node.id) : null);

  return (
    <Stack gap="sm">
      <Text size="sm">{t('createItem.openApiSteps')}</Text>
      {candidates.length === 0 ? (
        <Alert color="blue" p="xs">
          {t('createItem.openApiNoItem')}
        </Alert>
      ) : (
        <>
          <Select
            label={t('createItem.openApiItem')}
            data={candidates.map((edge) => ({ value: String(edge.node.id), label: edge.node.name }))}
            value={selected}
            onChange={setItemId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {selected ? <ApiKeyPanel itemId={Number(selected)} compact /> : null}
        </>
      )}
    </Stack>
  );
}
