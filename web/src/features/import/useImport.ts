import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  ImportJobProgressDocument,
  StartImportDocument,
  type ImportJobFieldsFragment,
} from '../../gql/graphql';
import { ImportUploadError, uploadImport } from './uploadImport';

export type ImportPhase =
  | { step: 'idle' }
  | { step: 'uploading'; percent: number }
  | { step: 'running'; percent: number; currentPage: string }
  | { step: 'done'; result: NonNullable<ImportJobFieldsFragment['result']> }
  | { step: 'failed'; message: string };

const POLL_MS = 500;

/**
 * One import from the web app: the file goes to `POST /api/imports`, `startImport` starts the job, and
 * `importJob` is polled for its percentage and current page until it is done or failed.
 */
export function useImport(onDone?: (result: NonNullable<ImportJobFieldsFragment['result']>) => void) {
  const client = useApolloClient();
  const { t, i18n } = useTranslation();
  const [phase, setPhase] = useState<ImportPhase>({ step: 'idle' });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const run = useCallback(
    async (file: File, itemId: number | null) => {
      const show = (next: ImportPhase) => alive.current && setPhase(next);
      try {
        show({ step: 'uploading', percent: 0 });
        const uploadId = await uploadImport(file, i18n.language, (f) =>
          show({ step: 'uploading', percent: Math.round(f * 100) }),
        );
        const started = await client.mutate({
          mutation: StartImportDocument,
          variables: { uploadId, itemId },
        });
        let job = started.data?.startImport;
        while (job && job.state === 'RUNNING' && alive.current) {
          show({ step: 'running', percent: job.percent, currentPage: job.currentPage });
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          const polled = await client.query({
            query: ImportJobProgressDocument,
            variables: { id: job.id },
            fetchPolicy: 'network-only',
          });
          job = polled.data?.importJob;
        }
        if (!job) throw new Error(t('importItem.failed'));
        if (job.state === 'DONE' && job.result) {
          // What is on screen (the item's menu, the item list) was read before the import: read it again.
          await client.refetchQueries({ include: 'active' }).catch(() => undefined);
          show({ step: 'done', result: job.result });
          onDone?.(job.result);
        } else if (job.state === 'FAILED') {
          show({ step: 'failed', message: job.error ?? t('importItem.failed') });
        }
      } catch (err) {
        const message = err instanceof ImportUploadError ? err.message : '';
        show({ step: 'failed', message: message || errorMessage(err, t('importItem.failed')) });
      }
    },
    [client, i18n.language, onDone, t],
  );

  return { phase, run, reset: () => setPhase({ step: 'idle' }) };
}
