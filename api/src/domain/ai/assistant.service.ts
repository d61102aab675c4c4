import { DomainError } from '../errors';
import type { Throttle } from '../limits/rate-limits';
import { refusal } from '../limits/rate-limits';
import { checkOutboundUrl, type OutboundPolicy } from '../net/outbound-url';
import type { SettingsService } from '../settings/settings.service';
import type { Viewer } from '../viewer';

/** ShowDoc's system prompt of the writing assistant (used when the administrator set none). */
export const DEFAULT_SYSTEM_PROMPT =
  '你是一个文档写作助手，帮助用户撰写、改写和完善技术文档与 API 文档。回答使用 Markdown 格式，简洁准确。';
export const DEFAULT_MODEL = 'gpt-4o';
export const DEFAULT_HOST = 'https://api.openai.com';
/** Rounds asked again when the model stopped at its length limit (`finish_reason: length`). */
export const MAX_CONTINUATIONS = 2;
/** The longest answer relayed (characters of content); the stream ends there. */
export const MAX_ANSWER_CHARS = 200_000;
const UPSTREAM_TIMEOUT_MS = 120_000;
const CONTINUE_PROMPT = '请从上次中断的地方继续，不要重复已写的内容。';

export const NOT_CONFIGURED_MESSAGE =
  '管理员没有在管理后台配置AI助手认证KEY,因此你无法使用AI功能。请联系管理员';

const NORMALISED_CODES = [
  'rate_limit_reached',
  'access_terminated',
  'no_api_key',
  'insufficient_quota',
  'model_overloaded',
] as const;

interface AssistantConfig {
  key: string;
  host: string;
  model: string;
  systemPrompt: string;
  maxPromptLength: number;
}

type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** One SSE event as the doors write it: `data: ...\n\n`. */
const event = (payload: unknown): string => `data: ${JSON.stringify(payload)}\n\n`;

/**
 * The writing assistant (compat-api §14.1): relays an OpenAI-compatible chat-completions stream as SSE.
 * The site's key stays on the server; the host is checked against SSRF before every call; each user has a
 * rate limit. Failures after the stream has begun are SSE error events, as ShowDoc's client expects.
 */
export class AssistantService {
  constructor(
    private readonly settings: SettingsService,
    private readonly limit: Throttle,
    private readonly outbound: OutboundPolicy,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** Whether the administrator configured a key (new or legacy name). */
  async configured(): Promise<boolean> {
    return (await this.config()).key !== '';
  }

  /**
   * Checks the caller and the prompt (login, not empty, not too long, within the rate limit), then returns
   * the stream of SSE text to write. Errors here come before any byte is written.
   */
  async open(viewer: Viewer, prompt: string, signal?: AbortSignal): Promise<AsyncGenerator<string>> {
    const user = viewer.requireUser();
    const content = prompt.trim();
    if (!content) throw new DomainError('BadInput', { en: 'The prompt is empty', zh: '内容不能为空' });
    const config = await this.config();
    if (content.length > config.maxPromptLength)
      throw new DomainError('BadInput', {
        en: `The prompt is too long (${config.maxPromptLength} characters at most)`,
        zh: `内容过长，最多 ${config.maxPromptLength} 个字符`,
      });
    const key = `user:${user.id}`;
    const waiting = await this.limit.waitMs(key);
    if (waiting > 0) throw refusal('TooManyAttempts', waiting);
    const { waitMs } = await this.limit.count(key);
    if (waitMs > 0) throw refusal('TooManyAttempts', waitMs);
    return this.relay(config, content, signal);
  }

  private async config(): Promise<AssistantConfig> {
    const all = await this.settings.all();
    const key = (all.open_ai_key.trim() || all.open_api_key.trim()).trim();
    let host = all.open_ai_host.trim() || all.open_api_host.trim() || DEFAULT_HOST;
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) host = `https://${host}`;
    host = host.replace(/\/+$/, '');
    const maxPromptLength = Number.parseInt(all.ai_max_message_length, 10);
    return {
      key,
      host,
      model: all.ai_model_name.trim() || DEFAULT_MODEL,
      systemPrompt: all.ai_system_prompt.trim() || DEFAULT_SYSTEM_PROMPT,
      maxPromptLength: Number.isSafeInteger(maxPromptLength) && maxPromptLength > 0 ? maxPromptLength : 8000,
    };
  }

  private async *relay(
    config: AssistantConfig,
    prompt: string,
    signal?: AbortSignal,
  ): AsyncGenerator<string> {
    if (!config.key) {
      yield event({ error_code: 10101, error_message: NOT_CONFIGURED_MESSAGE });
      return;
    }
    let endpoint: URL;
    try {
      endpoint = await checkOutboundUrl(`${config.host}/v1/chat/completions`, this.outbound);
    } catch (err) {
      yield event({
        error: `网络请求失败: ${err instanceof DomainError ? err.localized('zh') : String(err)}`,
      });
      return;
    }
    const messages: ChatMessage[] = [
      { role: 'system', content: config.systemPrompt },
      { role: 'user', content: prompt },
    ];
    let answer = '';
    for (let round = 0; round <= MAX_CONTINUATIONS; round++) {
      const last = round === MAX_CONTINUATIONS;
      const timeout = AbortSignal.timeout(UPSTREAM_TIMEOUT_MS);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await this.fetchImpl(endpoint, {
          method: 'POST',
          redirect: 'manual',
          signal: combined,
          headers: {
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
            Authorization: `Bearer ${config.key}`,
          },
          body: JSON.stringify({ model: config.model, stream: true, messages }),
        });
      } catch (err) {
        if (signal?.aborted) return;
        yield event({ error: `网络请求失败: ${(err as Error).message}` });
        return;
      }
      if (!response.ok || !/event-stream/i.test(response.headers.get('content-type') ?? '')) {
        yield await upstreamError(response);
        return;
      }
      let finish: string | null = null;
      let roundText = '';
      try {
        for await (const block of sseBlocks(response.body, combined)) {
          const data = dataOf(block);
          if (data === null) continue;
          if (data === '[DONE]') {
            if (finish === 'length' && !last) continue;
            yield `${block}\n\n`;
            continue;
          }
          let parsed: ChunkShape;
          try {
            parsed = JSON.parse(data) as ChunkShape;
          } catch {
            continue; // Not a chunk: keep-alive or vendor noise.
          }
          if (parsed.error) {
            yield event({ error: normaliseError(parsed.error, response.status) });
            return;
          }
          const choice = parsed.choices?.[0];
          const piece = typeof choice?.delta?.content === 'string' ? choice.delta.content : '';
          roundText += piece;
          if (answer.length + roundText.length > MAX_ANSWER_CHARS) {
            yield event({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }] });
            yield 'data: [DONE]\n\n';
            return;
          }
          if (choice?.finish_reason) finish = choice.finish_reason;
          if (choice?.finish_reason === 'length' && !last) {
            // The answer goes on in the next round: the client must not stop here.
            yield event({ ...parsed, choices: [{ ...choice, finish_reason: null }] });
            continue;
          }
          yield `${block}\n\n`;
        }
      } catch (err) {
        if (signal?.aborted) return;
        yield event({ error: `网络请求失败: ${(err as Error).message}` });
        return;
      }
      answer += roundText;
      if (finish !== 'length' || last) return;
      messages.push({ role: 'assistant', content: roundText }, { role: 'user', content: CONTINUE_PROMPT });
    }
  }
}

interface ChunkShape {
  choices?: Array<{ index?: number; delta?: { content?: unknown }; finish_reason?: string | null }>;
  error?: UpstreamErrorShape;
}
interface UpstreamErrorShape {
  code?: unknown;
  type?: unknown;
  message?: unknown;
}

/** The `data:` payload of one SSE event (its data lines joined); null for comments and other fields. */
function dataOf(block: string): string | null {
  const lines = block.split('\n').filter((l) => l.startsWith('data:'));
  if (lines.length === 0) return null;
  return lines
    .map((l) => l.slice(5).replace(/^ /, ''))
    .join('\n')
    .trim();
}

/** Events of an SSE body, split on blank lines (CRLF tolerated), at most 1 MB per event. */
async function* sseBlocks(
  body: ReadableStream<Uint8Array> | null,
  signal: AbortSignal,
): AsyncGenerator<string> {
  if (!body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let at = buffer.indexOf('\n\n');
      while (at >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (block.trim()) yield block;
        at = buffer.indexOf('\n\n');
      }
      if (buffer.length > 1_000_000) throw new Error('event too large');
    }
    if (buffer.trim()) yield buffer;
  } finally {
    signal.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

/** ShowDoc's error event for a failed upstream answer, its codes normalised. */
async function upstreamError(response: Response): Promise<string> {
  let text = '';
  try {
    text = (await response.text()).slice(0, 10_000);
  } catch {
    // The body is lost; the status says enough.
  }
  let shape: UpstreamErrorShape = {};
  try {
    const parsed = JSON.parse(text) as { error?: UpstreamErrorShape | string };
    shape = typeof parsed.error === 'object' && parsed.error ? parsed.error : { message: parsed.error };
  } catch {
    shape = { message: text.trim() || `HTTP ${response.status}` };
  }
  return event({ error: normaliseError(shape, response.status) });
}

function normaliseError(shape: UpstreamErrorShape, status: number): { code: string; message: string } {
  const raw = String(shape.code ?? shape.type ?? '').toLowerCase();
  const message = typeof shape.message === 'string' && shape.message ? shape.message : `HTTP ${status}`;
  let code: string = raw || `http_${status}`;
  if ((NORMALISED_CODES as readonly string[]).includes(raw)) code = raw;
  else if (raw.includes('quota')) code = 'insufficient_quota';
  else if (raw.includes('rate_limit') || status === 429) code = 'rate_limit_reached';
  else if (raw.includes('api_key') || status === 401) code = 'no_api_key';
  else if (raw.includes('terminated') || raw.includes('deactivated') || status === 403)
    code = 'access_terminated';
  else if (raw.includes('overloaded') || status === 503) code = 'model_overloaded';
  return { code, message };
}
