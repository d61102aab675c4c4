import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/core';
import {
  INLINE_PLAIN_TEXT_MAX,
  MAX_PLAIN_TEXT_SOURCE,
  onPageContentCommitted,
  pagesWithoutPlainText,
  pageTextSources,
  plainTextInSearchIndex,
  plainTextToStore,
  writePlainText,
} from '../../../../db/src';
import { PlainTextPool } from './plain-text.worker';

/** Pages read per round trip. */
const BATCH = 20;
/** Page ids read per backfill scan. */
const SCAN = 200;

export interface PlainTextFillerOptions {
  pool?: PlainTextPool;
  /** Failures worth a line in the server log (a long page the worker could not read, a database error). */
  warn?: (details: Record<string, unknown>, message: string) => void;
}

/**
 * Writes `page.plain_text` in the background on MySQL (issue #22; db/src/search/plain-text.ts has the
 * rules; the embedded database's index thread keeps the plain texts there, and this filler stays idle): the
 * pages each unit-of-work commit changed, as the ORM reports them (page/save writes its own in its UPDATE),
 * and a backfill of every page without plain text (existing databases after the upgrade, pages written by
 * another process such as the ShowDoc import CLI). One page at a time, yielding between pages: on this
 * thread up to `INLINE_PLAIN_TEXT_MAX` (plain-text-of.ts reads a 3 kB page in ~0.1 ms), longer ones in a
 * worker thread (plain-text.worker.ts), so hostile markdown never holds the event loop. A result is stored only if the page still has the
 * content it was computed from.
 */
export class PlainTextFiller {
  private readonly queue = new Set<number>();
  private backfillFrom: number | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private unsubscribe: (() => void) | null = null;

  private pool: PlainTextPool | null;
  private readonly ownPool: boolean;

  constructor(
    private readonly em: EntityManager,
    private readonly options: PlainTextFillerOptions = {},
  ) {
    this.pool = options.pool ?? null;
    this.ownPool = !options.pool;
  }

  /** Listens to the ORM's page commits and starts the backfill (in the background: start is not delayed). */
  start(): this {
    if (plainTextInSearchIndex(this.em)) {
      // Nothing to write, ever: enqueue and requestBackfill do nothing either.
      this.closed = true;
      return this;
    }
    this.unsubscribe ??= onPageContentCommitted(this.em, (ids) => this.enqueue(ids));
    this.requestBackfill();
    return this;
  }

  enqueue(pageIds: Iterable<number>): void {
    if (this.closed) return;
    for (const id of pageIds) this.queue.add(id);
    this.kick();
  }

  /** Scans for pages without plain text (again from the first page when a scan is under way). */
  requestBackfill(): void {
    if (this.closed) return;
    this.backfillFrom = 0;
    this.kick();
  }

  /** Resolves once nothing is queued or being written (tests; an orderly shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops: pages not written yet stay null (the next start's backfill finds them). */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.queue.clear();
    this.backfillFrom = null;
    // The pool first: a long read under way fails at once instead of delaying the shutdown.
    if (this.ownPool) await this.pool?.close();
    await this.idle();
  }

  private kick(): void {
    if (this.running || this.closed) return;
    this.running = this.drain()
      .catch((error: unknown) => this.options.warn?.({ err: error }, 'plain text: a round failed'))
      .finally(() => {
        this.running = null;
        if (!this.closed && (this.queue.size > 0 || this.backfillFrom !== null)) this.kick();
      });
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      if (this.queue.size > 0) {
        const ids = [...this.queue].slice(0, BATCH);
        for (const id of ids) this.queue.delete(id);
        await this.fill(ids);
      } else if (this.backfillFrom !== null) {
        const from = this.backfillFrom;
        const ids = await pagesWithoutPlainText(this.em.fork(), from, SCAN);
        // A request made during the scan restarted it from 0: keep that.
        if (this.backfillFrom === from) this.backfillFrom = ids.length ? ids[ids.length - 1]! : null;
        for (let i = 0; i < ids.length && !this.closed; i += BATCH) await this.fill(ids.slice(i, i + BATCH));
      } else {
        return;
      }
      await yieldToLoop();
    }
  }

  private async fill(ids: number[]): Promise<void> {
    const em = this.em.fork();
    for (const page of await pageTextSources(em, ids)) {
      if (this.closed) return;
      const text = await this.textOf(page.id, page.content, page.searchText);
      if (this.closed) return;
      await writePlainText(em, page.id, page.content, text);
      await yieldToLoop();
    }
  }

  /** The text to store: long pages read in the worker ('' when it cannot: the next edit tries again). */
  private async textOf(pageId: number, content: string, searchText: string | null): Promise<string> {
    if (
      searchText !== null ||
      content.length <= INLINE_PLAIN_TEXT_MAX ||
      content.length > MAX_PLAIN_TEXT_SOURCE
    ) {
      return plainTextToStore(content, searchText);
    }
    this.pool ??= new PlainTextPool();
    try {
      return await this.pool.plainText(content);
    } catch (error) {
      this.options.warn?.({ pageId, err: error }, 'plain text: page not readable');
      return '';
    }
  }
}
