import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Group, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import { PageShareLinkDocument, SharePageDocument, UnsharePageDocument } from '../../../gql/graphql';
import { absoluteUrl } from '../itemLinks';
import { LinkField } from './LinkField';
import { EXPIRY_CHOICES, nearestExpiryChoice, type ExpiryChoice } from './shareExpiry';

/**
 * The page's own public link (/p/{key}), which shows the page alone: off, or on with an expiry.
 * Changing the expiry makes a new link; turning it off asks first (spec §4).
 */
export function PageShareSection({ pageId }: { pageId: number }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(PageShareLinkDocument, { variables: { pageId } });
  const [share, shareState] = useMutation(SharePageDocument);
  const [unshare, unshareState] = useMutation(UnsharePageDocument);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const link = data?.pageShareLink ?? null;
  const choice = nearestExpiryChoice(link?.expiresAt);

  async function create(expireDays: ExpiryChoice) {
    try {
      await share({
        variables: { pageId, expireDays },
        update(cache, { data: answer }) {
          if (answer) {
            cache.writeQuery({
              query: PageShareLinkDocument,
              variables: { pageId },
              data: { pageShareLink: answer.sharePage },
            });
          }
        },
      });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
    }
  }

  async function revoke() {
    try {
      await unshare({
        variables: { pageId },
        update(cache) {
          cache.writeQuery({
            query: PageShareLinkDocument,
            variables: { pageId },
            data: { pageShareLink: null },
          });
        },
      });
      setConfirmingOff(false);
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
    }
  }

  if (error) return <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>;
  if (!data) return loading ? <Loader size="sm" /> : null;

  return (
    <Stack gap="xs" data-testid="page-share">
      <Switch
        label={t('share.singlePage')}
        description={t('share.singlePageHint')}
        checked={!!link}
        disabled={shareState.loading || unshareState.loading}
        onChange={(event) => {
          if (event.currentTarget.checked) void create(0);
          else setConfirmingOff(true);
        }}
      />
      {confirmingOff ? (
        <Alert color="yellow" p="sm">
          <Stack gap="xs">
            <Text size="sm">{t('share.turnOffConfirm')}</Text>
            <Group gap="xs">
              <Button size="xs" color="red" loading={unshareState.loading} onClick={() => void revoke()}>
                {t('share.turnOff')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmingOff(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {link ? (
        <>
          <Select
            label={t('share.expiry')}
            data={EXPIRY_CHOICES.map((days) => ({
              value: String(days),
              label: t(`share.expiryChoices.${days}`),
            }))}
            value={String(choice)}
            allowDeselect={false}
            disabled={shareState.loading}
            onChange={(value) => {
              if (value !== null && Number(value) !== choice) void create(Number(value) as ExpiryChoice);
            }}
            comboboxProps={{ withinPortal: true }}
            maw={240}
          />
          <LinkField label={t('share.singlePageLink')} url={absoluteUrl(link.path)} qr="shown" />
        </>
      ) : null}
    </Stack>
  );
}
