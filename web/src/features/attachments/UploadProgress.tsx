import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UploadInProgress } from './useUploads';

/** One bar per upload on its way, with its name and percentage. */
export function UploadProgress({ uploads }: { uploads: UploadInProgress[] }) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <Stack gap={4} data-testid="upload-progress">
      {uploads.map((upload) => {
        const percent = Math.round(upload.fraction * 100);
        const label = t('attachments.uploading', { name: upload.name, percent });
        return (
          <Stack key={upload.id} gap={2}>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {label}
            </Text>
            <Progress value={percent} size="sm" animated aria-label={label} />
          </Stack>
        );
      })}
    </Stack>
  );
}
