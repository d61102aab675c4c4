import { DomainError } from '../errors';
import type { Viewer } from '../viewer';

/** One import of a ShowDoc database started from the admin console, as the console shows it. */
export interface ShowdocImportJobView {
  id: string;
  state: 'running' | 'done' | 'failed';
  /** users, items, site, done. */
  phase: string;
  itemsDone: number;
  itemsTotal: number;
  dryRun: boolean;
  mergeUsers: boolean;
  startedAt: Date;
  finishedAt: Date | null;
  /** The final report as the CLI prints it (counts per kind, what was skipped and why). */
  reportText: string | null;
  /** The final report as JSON (counts, notes, remapped ids). */
  reportJson: string | null;
  /** Why the import stopped, when it failed. */
  error: string | null;
}

export interface StartShowdocImport {
  /** The uploaded ShowDoc SQLite file (`POST /api/admin/showdoc-import/upload`, kind database). */
  databaseUpload: string;
  /** An uploaded zip of ShowDoc's `Public/Uploads` (kind uploads), for the attachments. */
  uploadsUpload?: string | null;
  mergeUsers: boolean;
  dryRun: boolean;
}

/**
 * Runs imports in the background (server/src/migrate/showdoc/import-jobs.ts: the importer lives with the
 * server, beside the CLI). The domain only decides who may use it.
 */
export interface ShowdocImportRunner {
  start(input: StartShowdocImport, startedBy: number): ShowdocImportJobView;
  job(id: string): ShowdocImportJobView | null;
  jobs(): ShowdocImportJobView[];
}

/** Issue #23: the admin console's ShowDoc import. Site administrators only. */
export class ShowdocImportService {
  constructor(private readonly runner: ShowdocImportRunner | null) {}

  private available(viewer: Viewer): ShowdocImportRunner {
    viewer.requireAdmin();
    if (!this.runner) {
      throw new DomainError('Failed', {
        en: 'Importing from ShowDoc is not available on this server',
        zh: '此服务器不支持从 ShowDoc 导入',
      });
    }
    return this.runner;
  }

  start(viewer: Viewer, input: StartShowdocImport): ShowdocImportJobView {
    const runner = this.available(viewer);
    return runner.start(input, viewer.requireAdmin().id);
  }

  job(viewer: Viewer, id: string): ShowdocImportJobView {
    const job = this.available(viewer).job(id);
    if (!job) throw new DomainError('NotFound', { en: 'No such import', zh: '没有这个导入任务' });
    return job;
  }

  /** The imports this server process ran since it started, newest first. */
  jobs(viewer: Viewer): ShowdocImportJobView[] {
    return this.available(viewer).jobs();
  }
}
