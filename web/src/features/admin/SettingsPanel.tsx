import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Divider,
  Loader,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  AdminSaveSiteConfigDocument,
  AdminSiteConfigDocument,
  SiteInfoDocument,
  type OssSettingInput,
  type SiteConfigFieldsFragment,
  type SiteConfigInput,
} from '../../gql/graphql';

/** The form's value: the query's answer without GraphQL's `__typename` keys (the input type refuses them). */
function toInput(config: SiteConfigFieldsFragment): SiteConfigInput {
  const { ossSetting, ...rest } = config;
  const plain = Object.fromEntries(Object.entries(rest).filter(([k]) => k !== '__typename'));
  const oss = ossSetting
    ? (Object.fromEntries(Object.entries(ossSetting).filter(([k]) => k !== '__typename')) as OssSettingInput)
    : null;
  return { ...(plain as Omit<SiteConfigInput, 'ossSetting'>), ossSetting: oss };
}

/** Spec 001 §3 admin config: every option, saved at once (the server checks and refuses as one). */
export function SettingsPanel() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { data, error } = useQuery(AdminSiteConfigDocument, { fetchPolicy: 'network-only' });
  const [save, saving] = useMutation(AdminSaveSiteConfigDocument, {
    refetchQueries: [{ query: SiteInfoDocument }],
  });
  const [form, setForm] = useState<SiteConfigInput | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (data?.adminSiteConfig) setForm(toInput(data.adminSiteConfig));
  }, [data]);

  if (error && !data) return <Alert color="red">{errorMessage(error, tc('common.networkError'))}</Alert>;
  if (!form) return <Loader size="sm" />;

  const set = (patch: Partial<SiteConfigInput>) => setForm({ ...form, ...patch });
  const oss = form.ossSetting ?? {};
  const setOss = (patch: Partial<OssSettingInput>) => set({ ossSetting: { ...oss, ...patch } });
  const flag = (key: keyof SiteConfigInput, label: string) => (
    <Switch
      label={label}
      checked={form[key] as boolean}
      onChange={(e) => set({ [key]: e.currentTarget.checked } as Partial<SiteConfigInput>)}
    />
  );
  const chinese = i18n.language === 'zh-CN';
  const items = data?.adminItems.items ?? [];

  const submit = async () => {
    setFailure(null);
    try {
      const saved = await save({ variables: { input: form } });
      if (saved.data) setForm(toInput(saved.data.adminSaveSiteConfig));
      notifications.show({ color: 'green', message: t('console.saved') });
    } catch (err) {
      setFailure(errorMessage(err, tc('common.networkError')));
    }
  };

  return (
    <Stack gap="md" maw={720}>
      {flag('registerOpen', t('settings.registerOpen'))}
      {flag('enablePublicSquare', t('settings.enablePublicSquare'))}
      {flag('forceLogin', t('settings.forceLogin'))}
      {flag('showWatermark', t('settings.showWatermark'))}
      {flag('strongPasswordEnabled', t('settings.strongPasswordEnabled'))}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('settings.homePage')}
          value={String(form.homePage)}
          allowDeselect={false}
          onChange={(value) => set({ homePage: Number(value ?? 1) })}
          data={[
            { value: '1', label: t('settings.homeLanding') },
            { value: '2', label: t('settings.homeLogin') },
            { value: '3', label: t('settings.homeItem') },
            { value: '4', label: t('settings.homeSquare'), disabled: !form.enablePublicSquare },
          ]}
          description={!form.enablePublicSquare ? t('settings.homeSquareNeedsSquare') : undefined}
        />
        {form.homePage === 3 ? (
          <Select
            label={t('settings.homeItemPick')}
            searchable
            value={form.homeItem ? String(form.homeItem) : null}
            onChange={(value) => set({ homeItem: Number(value ?? 0) })}
            data={items.map(({ item }) => ({ value: String(item.id), label: item.name }))}
          />
        ) : null}
        <NumberInput
          label={t('settings.historyVersionCount')}
          min={1}
          max={1000}
          value={form.historyVersionCount}
          onChange={(value) => set({ historyVersionCount: Number(value) || 0 })}
        />
        <NumberInput
          label={t('settings.sessionExpireDays')}
          min={1}
          max={3650}
          value={form.sessionExpireDays}
          onChange={(value) => set({ sessionExpireDays: Number(value) || 0 })}
        />
        <TextInput
          label={t('settings.siteUrl')}
          description={t('settings.siteUrlHint')}
          value={form.siteUrl}
          onChange={(e) => set({ siteUrl: e.currentTarget.value })}
        />
        {chinese ? (
          <TextInput
            label={t('settings.beian')}
            value={form.beian}
            onChange={(e) => set({ beian: e.currentTarget.value })}
          />
        ) : null}
      </SimpleGrid>

      <Divider />
      {flag('ossOpen', t('settings.ossOpen'))}
      {form.ossOpen ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('settings.ossType')}
            value={oss.oss_type ?? 's3_storage'}
            allowDeselect={false}
            onChange={(value) => setOss({ oss_type: value ?? 's3_storage' })}
            data={['s3_storage', 'aliyun', 'qiniu', 'qcloud']}
          />
          <TextInput
            label={t('settings.endpoint')}
            value={oss.endpoint ?? ''}
            onChange={(e) => setOss({ endpoint: e.currentTarget.value })}
          />
          <TextInput
            label={t('settings.region')}
            value={oss.region ?? ''}
            onChange={(e) => setOss({ region: e.currentTarget.value })}
          />
          <TextInput
            label={t('settings.bucket')}
            value={oss.bucket ?? ''}
            onChange={(e) => setOss({ bucket: e.currentTarget.value })}
          />
          <TextInput
            label={t('settings.accessKey')}
            value={oss.key ?? ''}
            onChange={(e) => setOss({ key: e.currentTarget.value })}
          />
          <PasswordInput
            label={t('settings.secretKey')}
            value={oss.secret ?? ''}
            onChange={(e) => setOss({ secret: e.currentTarget.value })}
          />
          <TextInput
            label={t('settings.subcat')}
            value={oss.subcat ?? ''}
            onChange={(e) => setOss({ subcat: e.currentTarget.value })}
          />
          <TextInput
            label={t('settings.domain')}
            value={oss.domain ?? ''}
            onChange={(e) => setOss({ domain: e.currentTarget.value })}
          />
        </SimpleGrid>
      ) : null}

      {chinese ? (
        <>
          <Divider label={t('settings.ai')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('settings.aiServiceUrl')}
              value={form.aiServiceUrl}
              onChange={(e) => set({ aiServiceUrl: e.currentTarget.value })}
            />
            <PasswordInput
              label={t('settings.aiServiceToken')}
              value={form.aiServiceToken}
              onChange={(e) => set({ aiServiceToken: e.currentTarget.value })}
            />
            <TextInput
              label={t('settings.openAiHost')}
              value={form.openAiHost}
              onChange={(e) => set({ openAiHost: e.currentTarget.value })}
            />
            <PasswordInput
              label={t('settings.openAiKey')}
              value={form.openAiKey}
              onChange={(e) => set({ openAiKey: e.currentTarget.value })}
            />
            <TextInput
              label={t('settings.aiModelName')}
              value={form.aiModelName}
              onChange={(e) => set({ aiModelName: e.currentTarget.value })}
            />
            <NumberInput
              label={t('settings.aiMaxMessageLength')}
              min={1}
              value={form.aiMaxMessageLength}
              onChange={(v) => set({ aiMaxMessageLength: Number(v) || 0 })}
            />
            <NumberInput
              label={t('settings.aiToolRounds')}
              min={1}
              max={100}
              value={form.aiToolRounds}
              onChange={(v) => set({ aiToolRounds: Number(v) || 0 })}
            />
          </SimpleGrid>
          <Textarea
            label={t('settings.aiSystemPrompt')}
            autosize
            minRows={2}
            value={form.aiSystemPrompt}
            onChange={(e) => set({ aiSystemPrompt: e.currentTarget.value })}
          />
          <Textarea
            label={t('settings.aiWelcomeMessage')}
            autosize
            minRows={2}
            value={form.aiWelcomeMessage}
            onChange={(e) => set({ aiWelcomeMessage: e.currentTarget.value })}
          />
        </>
      ) : null}

      <Divider label={t('settings.httpRelay')} labelPosition="left" />
      <Switch
        label={t('settings.httpRelayOpen')}
        description={t('settings.httpRelayHint')}
        checked={!!form.httpRelayOpen}
        onChange={(e) => set({ httpRelayOpen: e.currentTarget.checked })}
      />
      <TextInput
        label={t('settings.httpRelayAllowHosts')}
        description={t('settings.httpRelayAllowHostsHint')}
        value={form.httpRelayAllowHosts ?? ''}
        onChange={(e) => set({ httpRelayAllowHosts: e.currentTarget.value })}
      />

      {failure ? <Alert color="red">{failure}</Alert> : null}
      <Button onClick={() => void submit()} loading={saving.loading} style={{ alignSelf: 'flex-start' }}>
        {t('settings.save')}
      </Button>
    </Stack>
  );
}
