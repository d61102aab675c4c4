import { ActionIcon, Center, CopyButton, Group, Loader, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconQrcode } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The QR encoder is only needed once someone shows a code: it stays out of the list's bundle.
const QrCode = lazy(() => import('./QrCode').then((m) => ({ default: m.QrCode })));

/** A read-only address with a copy button and, if asked, a QR code of it to scan with a phone. */
export function LinkField({ label, url, qr }: { label: string; url: string; qr?: 'shown' | 'hidden' }) {
  const { t } = useTranslation();
  const [showQr, setShowQr] = useState(qr === 'shown');
  const qrLabel = t('share.qrOf', { url });
  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        rightSectionWidth={qr ? 64 : undefined}
        rightSection={
          <Group gap={0} wrap="nowrap">
            {qr ? (
              <Tooltip label={showQr ? t('share.hideQr') : t('share.showQr')}>
                <ActionIcon
                  variant="subtle"
                  color={showQr ? 'blue' : 'gray'}
                  onClick={() => setShowQr((value) => !value)}
                  aria-label={t('share.qrToggleOf', { label })}
                  aria-pressed={showQr}
                >
                  <IconQrcode size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={t('share.copyLinkOf', { label })}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        }
      />
      {qr && showQr ? (
        <Center>
          <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
            <QrCode value={url} label={qrLabel} />
          </Suspense>
        </Center>
      ) : null}
    </Stack>
  );
}
