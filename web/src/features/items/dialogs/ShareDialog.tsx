import { Alert, Divider, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../shell/DialogFrame';
import { absoluteUrl, itemPagePath, itemPath } from '../itemLinks';
import { LinkField } from './LinkField';
import { PageShareSection } from './PageShareSection';

interface ShareDialogProps {
  item: { id: number; name: string; domain?: string | null; isPrivate: boolean };
  /** When sharing from a page: its address in the item, and (managers) its own public link. */
  page?: { id: number; title: string } | null;
  /** Managers may give a page its own public link (spec 001 §6). */
  canSharePage?: boolean;
  onClose(): void;
}

/**
 * The item's address (personal domain or id) with a copy button and a QR code; from a page, the page's
 * address too (its QR code on demand).
 */
export function ShareDialog({ item, page, canSharePage = false, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened title={t('share.title')} onClose={onClose}>
      <Stack gap="md">
        <LinkField
          label={t('share.itemLink', { name: item.name })}
          url={absoluteUrl(itemPath(item))}
          qr="shown"
        />
        {page ? (
          <LinkField
            label={t('share.pageLink', { title: page.title })}
            url={absoluteUrl(itemPagePath(item, page.id))}
            qr="hidden"
          />
        ) : null}
        {item.isPrivate ? (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />} p="xs">
            {t('share.privateHint')}
          </Alert>
        ) : null}
        {page && canSharePage ? (
          <>
            <Divider />
            <PageShareSection pageId={page.id} />
          </>
        ) : null}
      </Stack>
    </DialogFrame>
  );
}
