import { useQuery } from '@apollo/client/react';
import { Badge, Button, Group, Menu, Select, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconListNumbers,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconTemplate,
  IconTool,
} from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { EditorCatalogsDocument } from '../../gql/graphql';
import { docTemplate } from '../templates/docTemplates';
import type { TextTool } from './TextToolDialog';
import type { usePageLock } from './usePageLock';
import { NAME_LIMITS } from '../../app/name-limits';

// The parts of the page editor's header row; the editor holds their state.

/** The page title: a heading that turns into a field on click (a new page starts in the field). */
export function TitleField({
  title,
  onChange,
  editing,
  onEditing,
  autoFocus,
}: {
  title: string;
  onChange(title: string): void;
  editing: boolean;
  onEditing(editing: boolean): void;
  autoFocus: boolean;
}) {
  const { t } = useTranslation('editor');
  if (editing) {
    return (
      <TextInput
        value={title}
        placeholder={t('dialog.titlePlaceholder')}
        aria-label={t('dialog.titlePlaceholder')}
        maxLength={NAME_LIMITS.pageTitle}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (title.trim()) onEditing(false);
          }
        }}
        onBlur={() => title.trim() && onEditing(false)}
        autoFocus={autoFocus}
        style={{ flex: 1, maxWidth: 420 }}
      />
    );
  }
  return (
    <Tooltip label={t('dialog.clickToEditTitle')}>
      <UnstyledButton onClick={() => onEditing(true)} aria-label={t('dialog.clickToEditTitle')}>
        <Group gap={6} wrap="nowrap">
          <Title order={4} lineClamp={1}>
            {title || t('dialog.untitled')}
          </Title>
          <IconPencil size={16} />
        </Group>
      </UnstyledButton>
    </Tooltip>
  );
}

/** The page's catalog (null: the item root); catalogs nest three deep, pages may sit at any level. */
export function CatalogSelect({
  itemId,
  value,
  onChange,
}: {
  itemId: number;
  value: number | null;
  onChange(catalogId: number | null): void;
}) {
  const { t } = useTranslation('editor');
  const catalogs = useQuery(EditorCatalogsDocument, { variables: { itemId } });
  const options = useMemo(
    () => [
      { value: '0', label: t('dialog.rootCatalog') },
      ...(catalogs.data?.catalogs ?? [])
        .filter((entry) => entry.level <= 3)
        .map((entry) => ({ value: String(entry.id), label: entry.path.join(' / ') })),
    ],
    [catalogs.data, t],
  );
  return (
    <Select
      aria-label={t('dialog.catalog')}
      placeholder={t('dialog.catalog')}
      data={options}
      value={String(value ?? 0)}
      onChange={(next) => onChange(next && next !== '0' ? Number(next) : null)}
      searchable
      allowDeselect={false}
      w={240}
    />
  );
}

/** "Insert": document templates, converters and the catalog's page order. */
export function InsertMenu({
  onInsert,
  onTool,
  onTemplates,
  onSort,
  onMock,
  onHttpTest,
}: {
  onInsert(markdown: string): void;
  onTool(tool: TextTool): void;
  onTemplates(): void;
  onSort(): void;
  /** The page's Mock dialog (spec: a Chinese-only entry). */
  onMock?(): void;
  /** The HTTP console on the draft (spec: a Chinese-only entry). */
  onHttpTest?(): void;
}) {
  const { t, i18n } = useTranslation('editor');
  const chinese = i18n.language.startsWith('zh');
  return (
    <Menu shadow="md" position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconTool size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {t('dialog.insert')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onInsert(docTemplate('api', i18n.language))}>
          {t('insert.apiTemplate')}
        </Menu.Item>
        <Menu.Item onClick={() => onInsert(docTemplate('database', i18n.language))}>
          {t('insert.dbTemplate')}
        </Menu.Item>
        <Menu.Item leftSection={<IconTemplate size={14} />} onClick={onTemplates}>
          {t('insert.moreTemplates')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => onTool('jsonToTable')}>{t('insert.jsonToTable')}</Menu.Item>
        <Menu.Item onClick={() => onTool('beautifyJson')}>{t('insert.beautifyJson')}</Menu.Item>
        <Menu.Item onClick={() => onTool('pasteTable')}>{t('insert.pasteTable')}</Menu.Item>
        <Menu.Item onClick={() => onTool('sqlToTable')}>{t('insert.sqlToTable')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconListNumbers size={14} />} onClick={onSort}>
          {t('bar.sortPages')}
        </Menu.Item>
        {chinese && (onMock || onHttpTest) ? <Menu.Divider /> : null}
        {chinese && onMock ? (
          <Menu.Item onClick={onMock} data-testid="editor-mock">
            {t('mock.menu')}
          </Menu.Item>
        ) : null}
        {chinese && onHttpTest ? (
          <Menu.Item onClick={onHttpTest} data-testid="editor-http-test">
            {t('apiConsole.menu')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Who holds the page's lock, and the button to give it back or take it (again). */
export function LockControls({
  lock,
  lostTo,
  onRelocked,
}: {
  lock: Pick<ReturnType<typeof usePageLock>, 'held' | 'lock' | 'release'>;
  /** The user who took the lock from us, if one did. */
  lostTo: string | null;
  /** "Lock editing" succeeded: editing and saving come back. */
  onRelocked(): void;
}) {
  const { t } = useTranslation('editor');
  const [locking, setLocking] = useState(false);
  const { held } = lock;

  async function lockEditing() {
    setLocking(true);
    try {
      if (await lock.lock()) {
        onRelocked();
        notifications.show({ color: 'green', message: t('lock.locked') });
      }
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
    } finally {
      setLocking(false);
    }
  }

  async function cancelLock() {
    await lock.release();
    notifications.show({ message: t('lock.released') });
  }

  return (
    <>
      <Badge
        variant="light"
        color={held ? 'green' : lostTo ? 'orange' : 'gray'}
        data-testid="editor-lock-state"
      >
        {held ? t('lock.stateMine') : lostTo ? t('lock.stateOther', { name: lostTo }) : t('lock.stateNone')}
      </Badge>
      {held ? (
        <Button variant="default" leftSection={<IconLockOpen size={16} />} onClick={() => void cancelLock()}>
          {t('lock.cancel')}
        </Button>
      ) : (
        <Button
          variant="default"
          leftSection={<IconLock size={16} />}
          loading={locking}
          onClick={() => void lockEditing()}
        >
          {t('lock.lockEditing')}
        </Button>
      )}
    </>
  );
}
