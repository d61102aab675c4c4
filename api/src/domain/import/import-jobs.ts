import crypto from 'node:crypto';
import { DomainError } from '../errors';
import type { Viewer } from '../viewer';
import type { ImportInput, ImportResult, ImportService } from './import.service';

export type ImportJobState = 'running' | 'done' | 'failed';

export interface ImportJob {
  id: string;
  userId: number;
  state: ImportJobState;
  percent: number;
  current: string;
  result: ImportResult | null;
  /** The refusal, in both languages, when the import failed. */
  error: { code: string; en: string; zh: string } | null;
  updatedAt: number;
}

export interface StagedUpload {
  id: string;
  userId: number;
  fileName: string;
  data: Buffer;
  at: number;
}

/** A finished job (and an unclaimed upload) is kept this long for the web app to read. */
const KEEP_MS = 15 * 60 * 1000;
const jobs = new Map<string, ImportJob>();
const staged = new Map<string, StagedUpload>();

function sweep(now: number): void {
  for (const [id, job] of jobs) if (job.state !== 'running' && now - job.updatedAt > KEEP_MS) jobs.delete(id);
  for (const [id, upload] of staged) if (now - upload.at > KEEP_MS) staged.delete(id);
}

/**
 * Imports that run beside the request which started them, so the web app can show their progress
 * (percentage and current page). Jobs live in this process: a web app polls the node that started it.
 * Each user holds one staged upload at a time; a new one replaces it, so memory stays bounded.
 */
export const importJobs = {
  stage(viewer: Viewer, fileName: string, data: Buffer): StagedUpload {
    const user = viewer.requireUser();
    sweep(Date.now());
    for (const [id, upload] of staged) if (upload.userId === user.id) staged.delete(id);
    const upload = { id: crypto.randomUUID(), userId: user.id, fileName, data, at: Date.now() };
    staged.set(upload.id, upload);
    return upload;
  },

  /** Starts importing a staged upload on the service's detached copy (its own EntityManager). */
  start(
    viewer: Viewer,
    service: ImportService,
    uploadId: string,
    input: Omit<ImportInput, 'fileName' | 'data'>,
  ): ImportJob {
    const user = viewer.requireUser();
    const upload = staged.get(uploadId);
    if (!upload || upload.userId !== user.id) throw new DomainError('ImportFileMissing');
    staged.delete(uploadId);
    const job: ImportJob = {
      id: crypto.randomUUID(),
      userId: user.id,
      state: 'running',
      percent: 0,
      current: '',
      result: null,
      error: null,
      updatedAt: Date.now(),
    };
    jobs.set(job.id, job);
    void service
      .detached()
      .importFile(viewer, { ...input, fileName: upload.fileName, data: upload.data }, (p) => {
        job.percent = p.percent;
        job.current = p.current;
        job.updatedAt = Date.now();
      })
      .then((result) => {
        Object.assign(job, { state: 'done', percent: 100, result, updatedAt: Date.now() });
      })
      .catch((err: unknown) => {
        const error =
          err instanceof DomainError
            ? { code: err.info.code, en: err.localized('en'), zh: err.localized('zh') }
            : { code: 'INTERNAL', en: 'The import failed', zh: '导入失败' };
        Object.assign(job, { state: 'failed', error, updatedAt: Date.now() });
      });
    return job;
  },

  get(viewer: Viewer, id: string): ImportJob {
    const user = viewer.requireUser();
    const job = jobs.get(id);
    if (!job || job.userId !== user.id) throw new DomainError('ImportJobNotFound');
    return job;
  },
};
