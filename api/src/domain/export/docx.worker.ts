import { Worker } from 'node:worker_threads';
import type { DocxChunk, DocxPage, DocxShellEnd, DocxShellStart } from './docx-convert';
import { moduleWorkerData, moduleWorkerPrelude } from '../../../../db/src/module-worker';

/**
 * The worker thread of one Word export: it runs docx-convert.ts (markdown → `docx` objects → packed XML
 * chunks), so the server's event loop only reads pages, fetches image bytes and pipes the chunks into the
 * zip. The worker's heap is capped (a 2,000-page item grew the server's RSS by 300 MB, mostly garbage of
 * the conversion), and it is terminated when the export ends, fails or its client goes away.
 *
 * The worker loads docx-convert as db/src/module-worker.ts says, keeping `import()` (the markdown parsers
 * are ESM-only). Each request is answered in order, one reply per message.
 */
const WORKER_SOURCE = String.raw`${moduleWorkerPrelude}
const { DocxAssembler } = loaded;
const bytes = (data) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);
let assembler = null;
async function handle(message) {
  switch (message.op) {
    case 'start': {
      const started = await DocxAssembler.start(message.title);
      assembler = started.assembler;
      return started.start;
    }
    case 'catalog':
      assembler.catalog(message.level, message.numbers, message.name);
      return {};
    case 'page':
      for (const image of message.page.images) image.bytes = bytes(image.bytes);
      return { chunk: await assembler.page(message.page) };
    case 'flush':
      return { chunk: await assembler.flush() };
    case 'end':
      return assembler.end();
    case 'crash':
      // Tests: a worker that dies mid-export.
      process.exit(3);
  }
  throw new Error('unknown request ' + message.op);
}
let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(async () => {
    try {
      parentPort.postMessage({ ok: true, value: await handle(message) });
    } catch (err) {
      parentPort.postMessage({ ok: false, message: String((err && err.message) || err).slice(0, 500) });
    }
  });
});
`;

/** Heap of the export's worker, in MB: one chunk of pages and the `docx` module. */
export const DOCX_WORKER_HEAP_MB = 96;

export type DocxRequest =
  | { op: 'start'; title: string }
  | { op: 'catalog'; level: number; numbers: number[]; name: string }
  | { op: 'page'; page: DocxPage }
  | { op: 'flush' }
  | { op: 'end' }
  | { op: 'crash' };

interface Reply {
  ok: boolean;
  value?: unknown;
  message?: string;
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** Structured clone gives Uint8Arrays back: make them Buffers again. */
const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** One export's converter thread: requests answered in order; any failure fails them all, clearly. */
export class DocxConverter {
  private readonly worker: Worker;
  private readonly waiting: Waiting[] = [];
  private failure: Error | null = null;

  constructor(options: { heapMb?: number } = {}) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: moduleWorkerData(require.resolve('./docx-convert'), { keepDynamicImport: true }),
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapMb ?? DOCX_WORKER_HEAP_MB,
        maxYoungGenerationSizeMb: 48,
      },
      stdout: true,
      stderr: true,
    });
    // A converter must not keep a closing server alive.
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      const waiting = this.waiting.shift();
      if (!waiting) return;
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new Error(`The Word export failed: ${reply.message ?? 'unknown error'}`));
    });
    this.worker.on('error', (err: Error & { code?: string }) =>
      this.fail(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new Error(
              `The Word export ran out of its converter's memory (${options.heapMb ?? DOCX_WORKER_HEAP_MB} MB)`,
            )
          : new Error(`The Word export's converter failed: ${err.message}`),
      ),
    );
    this.worker.on('exit', (code) =>
      this.fail(new Error(`The Word export's converter stopped (exit code ${code})`)),
    );
  }

  start(title: string): Promise<DocxShellStart> {
    return this.call<DocxShellStart>({ op: 'start', title }).then((start) => ({
      contentTypes: asBuffer(start.contentTypes),
      head: start.head,
    }));
  }

  catalog(level: number, numbers: number[], name: string): Promise<void> {
    return this.call<void>({ op: 'catalog', level, numbers, name });
  }

  /** Adds a page (its image bytes copied to the worker); a packed chunk when enough pages are pending. */
  page(page: DocxPage): Promise<DocxChunk | null> {
    return this.call<{ chunk: DocxChunk | null }>({ op: 'page', page }).then((r) => chunkOf(r.chunk));
  }

  flush(): Promise<DocxChunk | null> {
    return this.call<{ chunk: DocxChunk | null }>({ op: 'flush' }).then((r) => chunkOf(r.chunk));
  }

  end(): Promise<DocxShellEnd> {
    return this.call<DocxShellEnd>({ op: 'end' }).then((end) => ({
      tail: end.tail,
      parts: end.parts.map(([name, data]) => [name, asBuffer(data)]),
    }));
  }

  /** Tests: the worker exits in the middle of the export. */
  crash(): Promise<void> {
    return this.call<void>({ op: 'crash' });
  }

  /** Stops the worker; pending requests fail. */
  async terminate(): Promise<void> {
    this.fail(new Error('The Word export was stopped'));
    await this.worker.terminate();
  }

  private call<R>(request: DocxRequest): Promise<R> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage(request);
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.splice(0)) waiting.reject(this.failure);
  }
}

function chunkOf(chunk: DocxChunk | null): DocxChunk | null {
  return chunk && { xml: chunk.xml, media: chunk.media.map(([name, data]) => [name, asBuffer(data)]) };
}
