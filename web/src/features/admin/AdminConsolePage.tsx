import { Alert, Anchor, Group, ScrollArea, Stack, Tabs, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../session/session';
import { AboutPanel } from './AboutPanel';
import { AttachmentsPanel } from './AttachmentsPanel';
import { ExternalLoginPanel } from './ExternalLoginPanel';
import { ItemsPanel } from './ItemsPanel';
import { SettingsPanel } from './SettingsPanel';
import { ShowdocImportPanel } from './ShowdocImportPanel';
import { UsersPanel } from './UsersPanel';

/** Spec 001 §2: the console's entries by their number; "about" shows in the Chinese interface only. */
const ENTRIES = [
  { id: '1', key: 'users', Panel: UsersPanel },
  { id: '2', key: 'items', Panel: ItemsPanel },
  { id: '5', key: 'attachments', Panel: AttachmentsPanel },
  { id: '7', key: 'externalLogin', Panel: ExternalLoginPanel },
  { id: '3', key: 'settings', Panel: SettingsPanel },
  { id: '8', key: 'showdocImport', Panel: ShowdocImportPanel },
  { id: '6', key: 'about', Panel: AboutPanel, chineseOnly: true },
] as const;

/** /admin/index: the administrator console; `?panel=<entry>` keeps the open panel in the address. */
export function AdminConsolePage() {
  const { t, i18n } = useTranslation('admin');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery('(max-width: 48em)');
  const entries = ENTRIES.filter((e) => !('chineseOnly' in e) || i18n.language === 'zh-CN');
  const current = entries.find((e) => e.id === params.get('panel')) ?? entries[0]!;

  if (!user?.isAdmin) return <Alert color="red">{t('console.notAdmin')}</Alert>;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('console.title')}</Title>
        <Anchor component={Link} to="/item/index" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('console.back')}
          </Group>
        </Anchor>
      </Group>
      <Tabs
        value={current.id}
        onChange={(value) => value && setParams({ panel: value })}
        orientation={phone ? 'horizontal' : 'vertical'}
        keepMounted={false}
        variant={phone ? 'outline' : 'pills'}
      >
        <ScrollArea type="never" style={phone ? undefined : { flex: 'none' }}>
          <Tabs.List
            aria-label={t('console.menu')}
            style={phone ? { flexWrap: 'nowrap' } : { minWidth: 160 }}
          >
            {entries.map((e) => (
              <Tabs.Tab key={e.id} value={e.id}>
                {t(`console.${e.key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        {entries.map(({ id, Panel }) => (
          <Tabs.Panel key={id} value={id} pl={phone ? 0 : 'md'} pt={phone ? 'md' : 0} style={{ minWidth: 0 }}>
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
