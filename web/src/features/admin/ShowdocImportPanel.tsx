import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  FileInput,
  Group,
  Progress,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  ShowdocImportJobDocument,
  ShowdocImportJobsDocument,
  StartShowdocImportDocument,
} from '../../gql/graphql';
import { formatTime } from './formatTime';
import { stageImportFile } from './stageImportFile';

/** Issue #23: import a ShowDoc site (its SQLite file and, optionally, a zip of Public/Uploads). */
export function ShowdocImportPanel() {
  const { t, i18n } = useTranslation('admin');
  const [database, setDatabase] = useState<File | null>(null);
  const [uploads, setUploads] = useState<File | null>(null);
  const [mergeUsers, setMergeUsers] = useState(false);
  const [dryRun, setDryRun] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [start] = useMutation(StartShowdocImportDocument);
  const history = useQuery(ShowdocImportJobsDocument, { fetchPolicy: 'cache-and-network' });
  const current = jobId ?? history.data?.showdocImportJobs[0]?.id ?? null;
  const { data } = useQuery(ShowdocImportJobDocument, {
    variables: { id: current ?? '' },
    skip: !current,
    pollInterval: 1000,
    fetchPolicy: 'network-only',
  });
  const job = data?.showdocImportJob;

  const submit = async () => {
    if (!database) return;
    setBusy(true);
    setFailure(null);
    try {
      const databaseUpload = await stageImportFile('database', database, i18n.language);
      const uploadsUpload = uploads ? await stageImportFile('uploads', uploads, i18n.language) : null;
      const answer = await start({
        variables: { input: { databaseUpload, uploadsUpload, mergeUsers, dryRun } },
      });
      setJobId(answer.data?.startShowdocImport.id ?? null);
    } catch (err) {
      setFailure(errorMessage(err, t('showdocImport.failed')));
    } finally {
      setBusy(false);
    }
  };

  const running = job?.state === 'running';
  return (
    <Stack gap="sm" maw={720}>
      <Text size="sm" c="dimmed">
        {t('showdocImport.intro')}
      </Text>
      <FileInput
        label={t('showdocImport.database')}
        description={t('showdocImport.databaseHelp')}
        placeholder="showdoc.db.php"
        value={database}
        onChange={setDatabase}
        clearable
      />
      <FileInput
        label={t('showdocImport.uploads')}
        description={t('showdocImport.uploadsHelp')}
        placeholder="Uploads.zip"
        accept=".zip,application/zip"
        value={uploads}
        onChange={setUploads}
        clearable
      />
      <Group gap="lg" wrap="wrap">
        <Checkbox
          label={t('showdocImport.mergeUsers')}
          checked={mergeUsers}
          onChange={(e) => setMergeUsers(e.currentTarget.checked)}
        />
        <Checkbox
          label={t('showdocImport.dryRun')}
          checked={dryRun}
          onChange={(e) => setDryRun(e.currentTarget.checked)}
        />
      </Group>
      <Group>
        <Button
          leftSection={<IconDatabaseImport size={16} />}
          onClick={submit}
          loading={busy}
          disabled={!database || running}
        >
          {t('showdocImport.start')}
        </Button>
      </Group>
      {failure && <Alert color="red">{failure}</Alert>}
      {job && (
        <Stack gap="xs" data-testid="showdoc-import-job">
          <Text size="sm">
            {t(`showdocImport.state.${job.state}`, { defaultValue: job.state })}
            {job.dryRun ? ` · ${t('showdocImport.dryRun')}` : ''} · {formatTime(job.startedAt, i18n.language)}
          </Text>
          <Progress
            value={
              job.itemsTotal ? (100 * job.itemsDone) / job.itemsTotal : job.state === 'running' ? 0 : 100
            }
            animated={running}
            aria-label={t('showdocImport.progress')}
          />
          <Text size="xs" c="dimmed">
            {t('showdocImport.items', { done: job.itemsDone, total: job.itemsTotal })} ·{' '}
            {t(`showdocImport.phase.${job.phase}`, { defaultValue: job.phase })}
          </Text>
          {job.error && <Alert color="red">{job.error}</Alert>}
          {job.reportText && (
            <ScrollArea.Autosize mah={400}>
              <Code block>{job.reportText}</Code>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
    </Stack>
  );
}
