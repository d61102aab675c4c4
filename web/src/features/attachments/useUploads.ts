import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { UploadError, uploadFile, type UploadedFile, type UploadRequest } from './uploadFile';

/** An upload on its way: what the progress indicator shows. */
export interface UploadInProgress {
  id: number;
  name: string;
  /** 0 to 1. */
  fraction: number;
}

/**
 * Uploads with their progress, for the editor and the attachments dialog. A failure is told in a
 * notification with the server's reason ('图片上传失败' / "Image upload failed" for editor images) and
 * resolves to null, so callers only act on success and never lose what the user wrote.
 */
export function useUploads() {
  const { t, i18n } = useTranslation();
  const [uploads, setUploads] = useState<UploadInProgress[]>([]);
  const nextId = useRef(1);

  const upload = useCallback(
    async (request: Omit<UploadRequest, 'onProgress' | 'language'>): Promise<UploadedFile | null> => {
      const id = nextId.current++;
      const name = request.file.name;
      setUploads((current) => [...current, { id, name, fraction: 0 }]);
      try {
        return await uploadFile({
          ...request,
          language: currentLanguage(i18n),
          onProgress: (fraction) =>
            setUploads((current) => current.map((u) => (u.id === id ? { ...u, fraction } : u))),
        });
      } catch (err) {
        const reason = err instanceof UploadError && err.message ? err.message : t('common.networkError');
        notifications.show({
          color: 'red',
          title:
            request.kind === 'image' ? t('attachments.imageUploadFailed') : t('attachments.uploadFailed'),
          message: `${name}: ${reason}`,
          autoClose: 8000,
        });
        return null;
      } finally {
        setUploads((current) => current.filter((u) => u.id !== id));
      }
    },
    [i18n, t],
  );

  return { uploads, upload };
}
