import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MikroORM } from '@mikro-orm/core';
import type * as yauzl from 'yauzl';
import {
  DomainError,
  type ShowdocImportJobView,
  type ShowdocImportRunner,
  type StartShowdocImport,
} from '../../../../api/src/domain';
import type { FileStorage } from '../../../../api/src/storage/storage';
import { importShowdoc } from './importer';
import { formatReport } from './report';
import { ImportInputError, openShowdocSqlite } from './source';

export type StagedKind = 'database' | 'uploads';

export interface ShowdocImportJobsOptions {
  orm: MikroORM;
  /** Where uploaded files wait for their import (a folder of the data directory). */
  stagingDir: string;
  storage: { driver: FileStorage; kind: 'local' | 's3' };
  timeZone: string;
  /** QUIRE_IMPORT_MAX_BYTES: the largest uploaded database or zip. */
  maxBytes: number;
  log?: { info(message: string): void; error(message: string): void };
}

interface Staged {
  kind: StagedKind;
  file: string;
  bytes: number;
  at: number;
}

/** An upload not used by an import within this time is removed. */
const STAGED_TTL_MS = 60 * 60 * 1000;
/** A zip of Public/Uploads may unpack to this many times the upload limit (a zip bomb stops there). */
const UNZIP_FACTOR = 4;
/** Finished imports kept for the console. */
const KEPT_JOBS = 20;

const inputError = (en: string, zh: string) => new DomainError('BadInput', { en, zh });

/**
 * The admin console's ShowDoc imports (issue #23): uploads are staged on disk, checked (a SQLite file
 * with ShowDoc's tables; a zip), then one import at a time runs in the background of this process,
 * reporting its progress (items done of all) and, at the end, the same report as the CLI.
 */
export class ShowdocImportJobs implements ShowdocImportRunner {
  private readonly staged = new Map<string, Staged>();
  private readonly list: ShowdocImportJobView[] = [];
  private current: Promise<void> | null = null;

  constructor(private readonly options: ShowdocImportJobsOptions) {}

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  /** Saves one uploaded file (at most maxBytes) and checks it is what its kind says; returns its id. */
  async stage(kind: StagedKind, body: Readable): Promise<{ uploadId: string; bytes: number }> {
    this.sweep();
    fs.mkdirSync(this.options.stagingDir, { recursive: true, mode: 0o700 });
    const uploadId = crypto.randomBytes(16).toString('hex');
    const file = path.join(this.options.stagingDir, `${uploadId}.${kind === 'database' ? 'db' : 'zip'}`);
    let bytes = 0;
    const max = this.options.maxBytes;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > max) done(new DomainError('FileTooLarge', tooLarge(max)));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, fs.createWriteStream(file, { mode: 0o600 }));
      if ((body as Readable & { truncated?: boolean }).truncated)
        throw new DomainError('FileTooLarge', tooLarge(max));
      if (bytes === 0) throw inputError('The uploaded file is empty', '上传的文件是空的');
      if (kind === 'database') checkDatabase(file);
      else await checkZip(file);
    } catch (err) {
      fs.rmSync(file, { force: true });
      if (err instanceof DomainError) throw err;
      throw new DomainError('UploadFailed');
    }
    this.staged.set(uploadId, { kind, file, bytes, at: Date.now() });
    return { uploadId, bytes };
  }

  start(input: StartShowdocImport, startedBy: number): ShowdocImportJobView {
    if (this.list.some((job) => job.state === 'running')) {
      throw inputError(
        'An import is already running: wait for it to finish',
        '已有导入任务在运行，请等待其完成',
      );
    }
    const database = this.take(input.databaseUpload, 'database');
    const uploads = input.uploadsUpload ? this.take(input.uploadsUpload, 'uploads') : null;
    this.staged.delete(input.databaseUpload);
    if (input.uploadsUpload) this.staged.delete(input.uploadsUpload);
    const job: ShowdocImportJobView = {
      id: crypto.randomBytes(8).toString('hex'),
      state: 'running',
      phase: 'users',
      itemsDone: 0,
      itemsTotal: 0,
      dryRun: input.dryRun,
      mergeUsers: input.mergeUsers,
      startedAt: new Date(),
      finishedAt: null,
      reportText: null,
      reportJson: null,
      error: null,
    };
    this.list.unshift(job);
    this.list.splice(KEPT_JOBS);
    this.options.log?.info(`ShowDoc import ${job.id} started by user ${startedBy}`);
    this.current = this.run(job, database, uploads).finally(() => {
      this.current = null;
    });
    return { ...job };
  }

  job(id: string): ShowdocImportJobView | null {
    const job = this.list.find((j) => j.id === id);
    return job ? { ...job } : null;
  }

  jobs(): ShowdocImportJobView[] {
    return this.list.map((job) => ({ ...job }));
  }

  /** Resolves when the running import (if any) has finished; for tests and shutdown. */
  async idle(): Promise<void> {
    await this.current;
  }

  private take(uploadId: string, kind: StagedKind): Staged {
    const staged = this.staged.get(String(uploadId));
    if (!staged || !fs.existsSync(staged.file)) {
      throw inputError(
        'No such upload (uploads are kept for one hour): upload the file again',
        '找不到上传的文件（上传的文件保留一小时），请重新上传',
      );
    }
    if (staged.kind !== kind) {
      throw inputError(
        kind === 'database'
          ? 'That upload is a zip, not the ShowDoc database'
          : 'That upload is the database, not a zip of Public/Uploads',
        kind === 'database'
          ? '该上传是 zip 文件，不是 ShowDoc 数据库'
          : '该上传是数据库，不是 Public/Uploads 的 zip 文件',
      );
    }
    return staged;
  }

  private async run(job: ShowdocImportJobView, database: Staged, uploads: Staged | null): Promise<void> {
    const unpacked = uploads ? `${uploads.file}.d` : null;
    let source: ReturnType<typeof openShowdocSqlite> | null = null;
    try {
      const uploadsDir =
        uploads && unpacked
          ? await unzipUploads(uploads.file, unpacked, this.options.maxBytes * UNZIP_FACTOR)
          : undefined;
      source = openShowdocSqlite(database.file);
      const report = await importShowdoc(this.options.orm, source, {
        uploadsDir,
        storage: this.options.storage,
        dryRun: job.dryRun,
        mergeUsers: job.mergeUsers,
        timeZone: this.options.timeZone,
        onProgress: (progress) => {
          job.phase = progress.phase;
          job.itemsDone = progress.itemsDone;
          job.itemsTotal = progress.itemsTotal;
        },
      });
      job.reportText = formatReport(report);
      job.reportJson = JSON.stringify(report);
      job.state = 'done';
      job.phase = 'done';
      this.options.log?.info(`ShowDoc import ${job.id} done in ${report.elapsedMs} ms`);
    } catch (err) {
      job.state = 'failed';
      job.error =
        err instanceof ImportInputError || err instanceof DomainError
          ? err.message
          : `the import stopped: ${(err as Error).message}`;
      this.options.log?.error(`ShowDoc import ${job.id} failed: ${(err as Error).stack ?? String(err)}`);
    } finally {
      job.finishedAt = new Date();
      source?.close();
      fs.rmSync(database.file, { force: true });
      if (uploads) fs.rmSync(uploads.file, { force: true });
      if (unpacked) fs.rmSync(unpacked, { recursive: true, force: true });
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, staged] of this.staged) {
      if (now - staged.at > STAGED_TTL_MS) {
        fs.rmSync(staged.file, { force: true });
        this.staged.delete(id);
      }
    }
  }
}

function tooLarge(max: number) {
  const mb = Math.floor(max / (1024 * 1024));
  return {
    en: `The file is larger than the import limit (${mb} MB)`,
    zh: `文件超过导入大小限制（${mb} MB）`,
  };
}

function checkDatabase(file: string): void {
  try {
    openShowdocSqlite(file).close();
  } catch (err) {
    if (err instanceof ImportInputError) {
      throw inputError(
        "This file is not a ShowDoc database: upload ShowDoc's Sqlite/showdoc.db.php",
        '这不是 ShowDoc 数据库文件：请上传 ShowDoc 的 Sqlite/showdoc.db.php',
      );
    }
    throw err;
  }
}

async function checkZip(file: string): Promise<void> {
  const zip = await openZip(file).catch(() => {
    throw inputError(
      'This file is not a zip archive of Public/Uploads',
      '这不是 Public/Uploads 的 zip 压缩包',
    );
  });
  zip.close();
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    // Loaded on first use (issue #14: every module loaded at start stays in the heap).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('yauzl') as typeof yauzl).open(file, { lazyEntries: true, autoClose: false }, (err, zip) =>
      err || !zip ? reject(err) : resolve(zip),
    ),
  );
}

/**
 * Unpacks a zip of ShowDoc's upload folder and returns the folder that plays `Public/Uploads`: the zip's
 * `Public/Uploads/` or `Uploads/` when it has one, else its root. Entries that would land outside the
 * folder are refused, and unpacking stops beyond `maxBytes`.
 */
export async function unzipUploads(file: string, into: string, maxBytes: number): Promise<string> {
  fs.mkdirSync(into, { recursive: true });
  const zip = await openZip(file);
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName.replace(/\\/g, '/');
        const target = path.resolve(into, name);
        if (!target.startsWith(path.resolve(into) + path.sep)) {
          reject(
            inputError(
              `The zip holds a path outside its folder: ${name}`,
              `压缩包中有越出目录的路径：${name}`,
            ),
          );
          return;
        }
        if (name.endsWith('/')) {
          fs.mkdirSync(target, { recursive: true });
          zip.readEntry();
          return;
        }
        total += entry.uncompressedSize;
        if (total > maxBytes) {
          reject(
            inputError(
              'The zip unpacks to more than the import limit allows',
              '压缩包解压后超过导入大小限制',
            ),
          );
          return;
        }
        fs.mkdirSync(path.dirname(target), { recursive: true });
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('unreadable zip entry'));
          pipeline(stream, fs.createWriteStream(target)).then(() => zip.readEntry(), reject);
        });
      });
      zip.readEntry();
    });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw inputError('The zip archive could not be unpacked', '无法解压该 zip 压缩包');
  } finally {
    zip.close();
  }
  for (const candidate of [path.join(into, 'Public', 'Uploads'), path.join(into, 'Uploads')]) {
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isDirectory()) return candidate;
  }
  return into;
}
