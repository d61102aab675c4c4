import { ActionIcon, Box, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconHome,
  IconInfoCircle,
  IconListTree,
  IconPencil,
  IconSettings,
  IconShare,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { ItemSummaryFragment, MeFieldsFragment } from '../../gql/graphql';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { ColorSchemeToggle } from '../../theme/ColorSchemeToggle';
import { loginPathFor } from '../accounts/redirect';
import type { Dialogs } from '../../app/dialogs/DialogHost';
import { ItemTypeIcon } from '../items/ItemTypeIcon';
import { ManageMenuEntries } from '../items/ManageMenuEntries';
import { HeaderIcon } from '../shell/HeaderIcon';
import { MessagesBell } from '../shell/MessagesBell';
import { UserMenu } from '../shell/UserMenu';

interface ItemViewHeaderProps {
  item: ItemSummaryFragment;
  rights: { edit: boolean; manage: boolean; archived: boolean };
  me: MeFieldsFragment | null;
  page: { id: number; title: string } | null;
  /** Single-page items and spreadsheets: the edit button leads to their full-page editor. */
  editHref: string | null;
  /** Regular items: the edit button opens the page editor dialog instead (wins over `editHref`). */
  onEdit?(): void;
  dialogs: Dialogs;
  /** The viewer lost the item (deleted, transferred): leave it. */
  onGone(): void;
  /** Phones: open the catalog drawer (regular items only). */
  onOpenCatalog?(): void;
}

/**
 * Back home, the item's name; edit, share, manage, messages and the user menu on the right (visitors:
 * login and about).
 */
export function ItemViewHeader({
  item,
  rights,
  me,
  page,
  editHref,
  onEdit,
  dialogs,
  onGone,
  onOpenCatalog,
}: ItemViewHeaderProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const home = me ? '/item/index' : '/';

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <HeaderIcon to={home} label={me ? t('itemView.backToItems') : t('common.backHome')}>
          <IconHome size={20} stroke={1.6} />
        </HeaderIcon>
        <Box visibleFrom="xs" style={{ display: 'flex' }}>
          <ItemTypeIcon type={item.type} size={28} />
        </Box>
        <Text fw={600} truncate data-testid="item-title">
          {item.name}
        </Text>
      </Group>
      <Group gap={2} wrap="nowrap">
        {onEdit && rights.edit && !rights.archived ? (
          <Tooltip label={t('itemView.edit')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('itemView.edit')}
              onClick={onEdit}
            >
              <IconPencil size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        ) : editHref && rights.edit && !rights.archived ? (
          <Tooltip label={t('itemView.edit')}>
            <ActionIcon
              component={Link}
              to={editHref}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('itemView.edit')}
            >
              <IconPencil size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Tooltip label={t('itemMenu.share')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('itemMenu.share')}
            onClick={() => dialogs.open('share-item', { item, page, canSharePage: !!page && rights.manage })}
          >
            <IconShare size={20} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
        {rights.manage ? <ManageMenu item={item} dialogs={dialogs} onGone={onGone} /> : null}
        <Group gap={2} wrap="nowrap" visibleFrom="sm">
          <LanguageSwitch collapse />
          <ColorSchemeToggle />
        </Group>
        {me ? <MessagesBell /> : null}
        {me ? (
          <UserMenu me={me} withItemsLink />
        ) : (
          <Button
            component={Link}
            to={loginPathFor(location) ?? '/user/login'}
            variant="light"
            size="compact-md"
          >
            {t('landing.login')}
          </Button>
        )}
        {me ? null : (
          // Spec §2: visitors get login and about; about is the site's landing page.
          <HeaderIcon to="/" label={t('itemView.about')}>
            <IconInfoCircle size={20} stroke={1.6} />
          </HeaderIcon>
        )}
        {onOpenCatalog ? (
          <ActionIcon
            hiddenFrom="sm"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('itemView.openCatalog')}
            onClick={onOpenCatalog}
          >
            <IconListTree size={20} stroke={1.6} />
          </ActionIcon>
        ) : null}
      </Group>
    </Group>
  );
}

/** Spec §2: the managers' menu (the entries are shared with the item list's context menu). */
function ManageMenu({
  item,
  dialogs,
  onGone,
}: {
  item: ItemSummaryFragment;
  dialogs: Dialogs;
  onGone(): void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Tooltip label={t('itemView.manage')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('itemView.manage')}>
            <IconSettings size={20} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <ManageMenuEntries item={item} dialogs={dialogs} onGone={onGone} />
      </Menu.Dropdown>
    </Menu>
  );
}
