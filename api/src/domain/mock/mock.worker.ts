import { DomainError } from '../errors';
import { WorkerPool, type WorkerPoolOptions } from '../workers/worker-pool';

/**
 * Mock answers are generated, and regex mock paths matched, in worker threads: Mock.js is synchronous, a
 * template such as `{"a|100000000": "x"}` or a regex path that backtracks would hold the event loop, and a
 * JavaScript RegExp cannot be interrupted. A job over its budget is stopped by terminating its worker; the
 * server keeps answering meanwhile (`workers/worker-pool.ts`, shared with the SQL parser).
 *
 * Templates are data. Mock.js 1.1 `eval`s the arguments of a placeholder (`@string(<code>)`): the worker
 * replaces that one function by a copy that reads the arguments as literals (numbers, quoted strings,
 * true/false/null) and never evaluates anything. The worker has no access to the database or the network
 * objects of the server, and its heap is capped.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Mock = require(workerData.mockjsPath);
const Handler = Mock.Handler;
const Random = Mock.Random;
const Util = Mock.Util;
const RE_PLACEHOLDER = /\\*@([^@#%&()\?\s]+)(?:\((.*?)\))?/g;

// Placeholder arguments as literals: "a", 'a', 12, -1.5, true, false, null; anything else stays text.
function literalArgs(text) {
  const out = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([+-]?\d+(?:\.\d+)?)|(true|false|null|undefined))\s*(,|$)/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return text.split(/,\s*/);
    if (m[1] !== undefined) out.push(m[1].replace(/\\(.)/g, '$1'));
    else if (m[2] !== undefined) out.push(m[2].replace(/\\(.)/g, '$1'));
    else if (m[3] !== undefined) out.push(Number(m[3]));
    else out.push(m[4] === 'true' ? true : m[4] === 'false' ? false : m[4] === 'null' ? null : undefined);
    if (m[5] === '') break;
    at = re.lastIndex;
  }
  return out;
}

// Mock.js's own placeholder handler with the eval of its arguments replaced by literalArgs.
Handler.placeholder = function (placeholder, obj, templateContext, options) {
  RE_PLACEHOLDER.lastIndex = 0;
  const parts = RE_PLACEHOLDER.exec(placeholder);
  const key = parts && parts[1];
  if (!key) return placeholder;
  const lkey = key.toLowerCase();
  const okey = this._all()[lkey];
  const params = parts[2] ? literalArgs(parts[2]) : [];
  const pathParts = this.splitPathToArray(key);
  if (obj && key in obj) return obj[key];
  if (key.charAt(0) === '/' || pathParts.length > 1) return this.getValueByKeyPath(key, options);
  if (templateContext && typeof templateContext === 'object' && key in templateContext &&
      placeholder !== templateContext[key]) {
    templateContext[key] = Handler.gen(templateContext[key], key, {
      currentContext: obj, templateCurrentContext: templateContext,
    });
    return templateContext[key];
  }
  if (!(key in Random) && !(lkey in Random) && !(okey in Random)) return placeholder;
  for (let i = 0; i < params.length; i++) {
    RE_PLACEHOLDER.lastIndex = 0;
    if (typeof params[i] === 'string' && RE_PLACEHOLDER.test(params[i])) {
      params[i] = Handler.placeholder(params[i], obj, templateContext, options);
    }
  }
  const handle = Random[key] || Random[lkey] || Random[okey];
  if (Util.type(handle) === 'array') return Random.pick(handle);
  if (Util.type(handle) === 'function') {
    handle.options = options;
    let re = handle.apply(Random, params);
    if (re === undefined) re = '';
    delete handle.options;
    return re;
  }
  return placeholder;
};

// @regex('pattern'): a string generated from a pattern (checked for nesting when the template is saved).
Random.extend({
  regex: function (source) {
    return Mock.RE.Handler.gen(Mock.RE.Parser.parse(String(source)));
  },
});

// ShowDoc re-encodes < > & ' " inside strings as \u003C \u003E \u0026 \u0027 \u0022 (compat-notes).
const HEX = { '<': '\\u003C', '>': '\\u003E', '&': '\\u0026', "'": '\\u0027' };
function reencode(json) {
  return json.replace(/\\.|[<>&']/g, (m) => (m === '\\"' ? '\\u0022' : m.length === 2 ? m : HEX[m]));
}

parentPort.on('message', (job) => {
  try {
    if (job.kind === 'generate') {
      const json = JSON.stringify(Mock.mock(JSON.parse(job.template)));
      if (json === undefined) return parentPort.postMessage({ ok: true, json: 'null' });
      if (json.length > job.maxChars) return parentPort.postMessage({ ok: false, error: 'too-large' });
      parentPort.postMessage({ ok: true, json: reencode(json) });
    } else {
      for (const candidate of job.patterns) {
        if (new RegExp(candidate.pattern).test(job.path)) return parentPort.postMessage({ ok: true, id: candidate.id });
      }
      parentPort.postMessage({ ok: true, id: null });
    }
  } catch (err) {
    const message = String((err && err.message) || err).slice(0, 200);
    parentPort.postMessage({ ok: false, error: 'failed', message });
  }
});
// Warm up (Mock.js compiles lazily) before the first budgeted job.
Mock.mock({ 'list|2': [{ 'id|+1': 1, name: '@cname', text: '@paragraph', email: '@email', at: '@datetime' }] });
parentPort.postMessage({ ready: true });
`;

export interface MockPoolOptions extends WorkerPoolOptions {
  /** Characters of one generated answer. */
  maxChars: number;
  /** Heap of one worker, in MB. */
  heapMb: number;
}

export const DEFAULT_MOCK_POOL: MockPoolOptions = {
  size: 2,
  // Templates that generate much are refused when saved (mock-rules.ts), so this only stops what slips
  // past that; it is generous because two cores shared by many busy processes delay even a 5 ms job.
  timeoutMs: 500,
  maxQueue: 32,
  maxChars: 1024 * 1024,
  heapMb: 64,
};

type JobMessage =
  | { kind: 'generate'; template: string; maxChars: number }
  | { kind: 'match'; path: string; patterns: Array<{ id: number; pattern: string }> };

interface Reply {
  ok?: boolean;
  json?: string;
  id?: number | null;
  error?: 'too-large' | 'failed';
  message?: string;
}

/** A few persistent Mock.js workers with a queue (worker-pool.ts); see the module comment for why. */
export class MockPool {
  private readonly pool: WorkerPool<JobMessage, Reply>;

  constructor(private readonly options: MockPoolOptions = DEFAULT_MOCK_POOL) {
    this.pool = new WorkerPool(
      {
        source: WORKER_SOURCE,
        workerData: { mockjsPath: require.resolve('mockjs') },
        resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 16 },
        quiet: true,
        errors: {
          busy: () => new DomainError('MockBusy'),
          // Out of heap (a template that multiplies itself) ends the worker: the answer is too large.
          crashed: () => new DomainError('MockAnswerTooLarge'),
          overBudget: (message) =>
            new DomainError(message.kind === 'generate' ? 'MockTooSlow' : 'MockPathTooSlow'),
        },
      },
      options,
    );
  }

  /** The JSON text Mock.js generates from a (checked) template, ShowDoc-encoded. */
  async generate(template: string): Promise<string> {
    const reply = await this.pool.run({ kind: 'generate', template, maxChars: this.options.maxChars });
    if (reply.ok && typeof reply.json === 'string') return reply.json;
    if (reply.error === 'too-large') throw new DomainError('MockAnswerTooLarge');
    throw new DomainError('MockGenerationFailed', {
      en: `The mock template could not be generated: ${reply.message ?? ''}`,
      zh: `Mock 模板生成失败：${reply.message ?? ''}`,
    });
  }

  /** The id of the first pattern (in the given order) that matches `path`, or null. */
  async match(path: string, patterns: Array<{ id: number; pattern: string }>): Promise<number | null> {
    if (!patterns.length) return null;
    const reply = await this.pool.run({ kind: 'match', path, patterns });
    return reply.ok ? (reply.id ?? null) : null;
  }

  /** Stops every worker; queued and running jobs fail. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
