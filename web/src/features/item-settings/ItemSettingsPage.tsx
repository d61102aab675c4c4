import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Breadcrumbs, Button, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import {
  IconApi,
  IconExternalLink,
  IconInfoCircle,
  IconRecycle,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/errors';
import { ItemDetailDocument } from '../../gql/graphql';
import { ApiKeyPanel } from '../items/dialogs/ApiKeyDialog';
import { ItemInfoForm } from '../items/dialogs/ItemInfoForm';
import { RecycleBinPanel } from '../items/dialogs/RecycleBinDialog';
import { itemPath } from '../items/itemLinks';
import { MembersPanel } from '../members/MembersPanel';
import { NotFoundPage } from '../shell/NotFoundPage';
import { WebhooksPanel } from '../webhooks/WebhooksPanel';
import { ItemCommentsSetting } from '../page-comments/ItemCommentsSetting';
import { OpenApiExportButton } from '../page-comments/OpenApiExportButton';

const TABS = ['info', 'members', 'api', 'webhooks', 'recycle'] as const;
type Tab = (typeof TABS)[number];

/** /item/setting/{item_id}: base info, members, open API, webhooks and recycle bin tabs (spec 001 §2). */
export function ItemSettingsPage() {
  const { t } = useTranslation();
  const { itemId: raw = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const valid = /^\d+$/.test(raw);
  const itemId = Number(raw);
  const { data, error } = useQuery(ItemDetailDocument, { variables: { id: itemId }, skip: !valid });
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'info';

  if (!valid) return <NotFoundPage />;
  if (error && !data) return <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>;
  if (!data) return <Loader size="sm" />;
  const item = data.item;
  if (!item.viewerRights.manage) {
    return <Alert color="red">{t('itemSettings.notManager')}</Alert>;
  }

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/item/index" size="sm">
          {t('shell.myItems')}
        </Anchor>
        <Anchor component={Link} to={itemPath(item)} size="sm">
          {item.name}
        </Anchor>
      </Breadcrumbs>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('itemSettings.title', { name: item.name })}</Title>
        <Button
          component={Link}
          to={itemPath(item)}
          variant="light"
          leftSection={<IconExternalLink size={16} />}
        >
          {t('itemSettings.open')}
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'info' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="info" leftSection={<IconInfoCircle size={16} />}>
            {t('itemSettings.baseInfo')}
          </Tabs.Tab>
          <Tabs.Tab value="members" leftSection={<IconUsers size={16} />}>
            {t('itemMenu.members')}
          </Tabs.Tab>
          <Tabs.Tab value="api" leftSection={<IconApi size={16} />}>
            {t('itemMenu.openApi')}
          </Tabs.Tab>
          <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} />}>
            {t('webhooks.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="recycle" leftSection={<IconRecycle size={16} />}>
            {t('itemMenu.recycleBin')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <ItemInfoForm itemId={item.id} />
          <ItemCommentsSetting itemId={item.id} />
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <MembersPanel itemId={item.id} />
        </Tabs.Panel>
        <Tabs.Panel value="api" pt="md">
          <Stack maw={720}>
            <ApiKeyPanel itemId={item.id} />
            <OpenApiExportButton itemId={item.id} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="md">
          <WebhooksPanel itemId={item.id} />
        </Tabs.Panel>
        <Tabs.Panel value="recycle" pt="md">
          <RecycleBinPanel itemId={item.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
