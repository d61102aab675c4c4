import { WorkerPool, type WorkerPoolOptions } from '../workers/worker-pool';

/**
 * The text of a page's markdown as readers see it (issue #22's search snippets): the server's markdown
 * pipeline (export/markdown-tree.ts: mdast from micromark with GFM) read back as text: text, inline code and
 * code blocks, image descriptions, inline HTML without its tags; no emphasis marks, table pipes, link
 * targets or heading marks. Blocks end with a line break, table cells with a tab.
 *
 * Parsing costs ~6 µs a character (30 ms for a 5 kB page), so it runs in a worker thread, after the save,
 * never on a request (db/src/search/plain-text.ts). The parsers are ESM-only: the worker imports them from
 * the paths resolved here, so it runs the same under jest and from `dist/`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'tableRow', 'blockquote', 'footnoteDefinition']);
(async () => {
  const [{ fromMarkdown }, { gfm }, { gfmFromMarkdown }] = await Promise.all(
    workerData.modules.map((file) => import(pathToFileURL(file).href)),
  );
  const options = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };
  const plainText = (markdown) => {
    const parts = [];
    const stack = [fromMarkdown(markdown, options)];
    // Depth first without recursion (deeply nested quotes or lists cannot overflow the stack).
    while (stack.length) {
      const node = stack.pop();
      if (typeof node === 'string') { parts.push(node); continue; }
      switch (node.type) {
        case 'text':
        case 'inlineCode':
          parts.push(node.value);
          continue;
        case 'code':
          parts.push(node.value, '\\n');
          continue;
        case 'html':
          parts.push(node.value.replace(/<br\\s*\\/?>/gi, '\\n').replace(/<[^>]*>/g, ''));
          continue;
        case 'image':
          parts.push(node.alt || '');
          continue;
        case 'break':
        case 'thematicBreak':
          parts.push('\\n');
          continue;
      }
      if (node.type === 'tableCell') stack.push('\\t');
      else if (BLOCKS.has(node.type)) stack.push('\\n');
      const children = node.children || [];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
    return parts.join('').replace(/[ \\t]+\\n/g, '\\n').replace(/\\n{3,}/g, '\\n\\n').trim();
  };
  parentPort.on('message', ({ markdown }) => {
    let reply;
    try {
      reply = { text: plainText(markdown) };
    } catch (error) {
      reply = { error: String((error && error.message) || error) };
    }
    parentPort.postMessage(reply);
  });
  parentPort.postMessage({ ready: true });
})();
`;

export class PlainTextUnavailable extends Error {
  constructor(reason: string) {
    super(`plain text not computed: ${reason}`);
  }
}

/** One worker (a background job: it must leave the second core to requests), 10 s for one page. */
export const DEFAULT_PLAIN_TEXT_POOL: WorkerPoolOptions = { size: 1, timeoutMs: 10_000, maxQueue: 8 };

export class PlainTextPool {
  private readonly pool: WorkerPool<{ markdown: string }, { text?: string; error?: string }>;

  constructor(options: WorkerPoolOptions = DEFAULT_PLAIN_TEXT_POOL) {
    this.pool = new WorkerPool(
      {
        source: WORKER_SOURCE,
        workerData: {
          modules: [
            require.resolve('mdast-util-from-markdown'),
            require.resolve('micromark-extension-gfm'),
            require.resolve('mdast-util-gfm'),
          ],
        },
        // Bounded: a small heap is collected early (the server's RSS), and a page too large for it fails
        // alone (its snippets keep the source; the worker restarts for the next page).
        resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 },
        quiet: true,
        errors: {
          busy: () => new PlainTextUnavailable('busy or closed'),
          crashed: () => new PlainTextUnavailable('the worker crashed'),
          overBudget: () => new PlainTextUnavailable('over the time budget'),
        },
      },
      options,
    );
  }

  /** The plain text of `markdown` (rejects with PlainTextUnavailable). */
  async plainText(markdown: string): Promise<string> {
    const reply = await this.pool.run({ markdown });
    if (typeof reply.text !== 'string') throw new PlainTextUnavailable(reply.error ?? 'no text');
    return reply.text;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
