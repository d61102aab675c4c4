import { DomainError, type CodeName } from '../errors';
import { sharedPool, WorkerPool, type WorkerPoolOptions } from '../workers/worker-pool';
import { MAX_XLSX_BYTES } from './sheet-xlsx';
import { moduleWorkerData, moduleWorkerPrelude } from '../../../../db/src/module-worker';

/**
 * An .xlsx import is read (unzipped, its XML parsed by exceljs, converted to sheets) in a worker thread:
 * a big workbook takes seconds of CPU and hundreds of MB, and on the event loop it would stall every other
 * request meanwhile. The worker runs `xlsxToSheets` of sheet-xlsx.ts (the size and row limits with their
 * messages are there) and answers the page content as JSON text, or the refusal to rethrow. A read over
 * its time budget, or one that runs out of the worker's heap, stops that worker (workers/worker-pool.ts).
 * How the worker loads sheet-xlsx (compiled, or from the sources under jest): db/src/module-worker.ts.
 */
const WORKER_SOURCE = String.raw`${moduleWorkerPrelude}
const { xlsxToSheets } = loaded;
parentPort.on('message', async ({ data }) => {
  try {
    const sheets = await xlsxToSheets(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    parentPort.postMessage({ ok: true, content: JSON.stringify(sheets) });
  } catch (err) {
    if (err && err.name === 'DomainError') {
      parentPort.postMessage({
        ok: false,
        codeName: err.codeName,
        detail: { en: err.localized('en'), zh: err.localized('zh') },
      });
    } else {
      parentPort.postMessage({ ok: false, codeName: 'BadInput', message: String((err && err.message) || err).slice(0, 200) });
    }
  }
});
parentPort.postMessage({ ready: true });
`;

export interface SheetXlsxPoolOptions extends WorkerPoolOptions {
  /** Heap of one worker, in MB (exceljs holds the whole workbook). */
  heapMb: number;
}

export const DEFAULT_SHEET_XLSX_POOL: SheetXlsxPoolOptions = {
  // One import at a time per process: each may take a core for seconds.
  size: 1,
  // A 20,000-row sheet (the row limit) reads in a few seconds; this only stops what runs away.
  timeoutMs: 60_000,
  maxQueue: 4,
  heapMb: 1024,
};

interface Reply {
  ok?: boolean;
  content?: string;
  codeName?: CodeName;
  detail?: { en: string; zh: string };
  message?: string;
}

/** A budget as the messages say it: whole seconds, else milliseconds. */
const duration = (ms: number) =>
  ms % 1000 === 0 ? { en: `${ms / 1000} s`, zh: `${ms / 1000} 秒` } : { en: `${ms} ms`, zh: `${ms} 毫秒` };

/** The worker thread(s) reading .xlsx imports (worker-pool.ts); see the module comment for why. */
export class SheetXlsxPool {
  private readonly pool: WorkerPool<{ data: Uint8Array }, Reply>;

  constructor(options: SheetXlsxPoolOptions = DEFAULT_SHEET_XLSX_POOL) {
    this.pool = new WorkerPool(
      {
        source: WORKER_SOURCE,
        workerData: moduleWorkerData(require.resolve('./sheet-xlsx')),
        resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 64 },
        quiet: true,
        errors: {
          busy: () => new DomainError('SheetImportBusy'),
          crashed: () =>
            new DomainError('BadInput', {
              en: 'The workbook is too large to read: remove unused sheets, rows or styles and try again',
              zh: '工作簿过大，无法读取：请删除不需要的工作表、行或样式后重试',
            }),
          overBudget: () =>
            new DomainError('BadInput', {
              en: `Reading the workbook took over ${duration(options.timeoutMs).en}: split it into smaller workbooks`,
              zh: `读取工作簿超过 ${duration(options.timeoutMs).zh}：请拆分为较小的工作簿`,
            }),
        },
      },
      options,
    );
  }

  /** The page content (x-data-spreadsheet JSON) of an .xlsx workbook, or the DomainError that refuses it. */
  async read(data: Buffer): Promise<string> {
    if (data.length > MAX_XLSX_BYTES) {
      throw new DomainError('FileTooLarge', {
        en: `The file is larger than ${MAX_XLSX_BYTES / 1024 / 1024} MB`,
        zh: `文件超过 ${MAX_XLSX_BYTES / 1024 / 1024} MB`,
      });
    }
    const reply = await this.pool.run({ data: new Uint8Array(data) });
    if (reply.ok && typeof reply.content === 'string') return reply.content;
    if (reply.codeName && reply.detail) throw new DomainError(reply.codeName, reply.detail);
    throw new DomainError('BadInput', {
      en: `The workbook could not be read: ${reply.message ?? ''}`,
      zh: `无法读取工作簿：${reply.message ?? ''}`,
    });
  }

  /** Stops the workers; queued and running reads fail. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

const xlsxReaders = sharedPool(() => new SheetXlsxPool());

/** The process's xlsx readers (started on first use). */
export const sheetXlsxPool = (): SheetXlsxPool => xlsxReaders.get();

/** Stops the xlsx readers (a later import starts new ones). */
export const closeSheetXlsxPool = (): Promise<void> => xlsxReaders.close();
