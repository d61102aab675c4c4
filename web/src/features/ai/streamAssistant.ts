import { getToken } from '../../session/session';

/** What one SSE event of the assistant says: more text, the end, or a failure. */
export type AssistantEvent = { text: string } | { done: true } | { error: string };

/**
 * Reads the `data:` events of a chunk of SSE text (ShowDoc's `ai/create` protocol): each chunk's
 * `choices[0].delta.content`, `[DONE]` or a `finish_reason` of stop/length as the end, and the error
 * events (`{error_code, error_message}`, `{error: {code, message}}`, `{error: "..."}`).
 */
export function parseAssistantEvents(block: string): AssistantEvent[] {
  const events: AssistantEvent[] = [];
  for (const line of block.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (!data) continue;
    if (data === '[DONE]') {
      events.push({ done: true });
      continue;
    }
    let parsed: {
      choices?: Array<{ delta?: { content?: unknown }; finish_reason?: string | null }>;
      error?: unknown;
      error_code?: number;
      error_message?: string;
    };
    try {
      parsed = JSON.parse(data) as typeof parsed;
    } catch {
      continue;
    }
    if (parsed.error_code) {
      events.push({ error: parsed.error_message ?? String(parsed.error_code) });
      continue;
    }
    if (parsed.error) {
      const e = parsed.error as { message?: string; code?: string } | string;
      events.push({ error: typeof e === 'string' ? e : (e.message ?? e.code ?? 'error') });
      continue;
    }
    const choice = parsed.choices?.[0];
    if (typeof choice?.delta?.content === 'string' && choice.delta.content)
      events.push({ text: choice.delta.content });
    if (choice?.finish_reason === 'stop' || choice?.finish_reason === 'length') events.push({ done: true });
  }
  return events;
}

export interface AssistantRequest {
  prompt: string;
  /** Accept-Language: refusals come back in the interface language. */
  language: string;
  signal: AbortSignal;
  onText(text: string): void;
}

/** Asks the server's assistant and streams its answer; rejects with the reason it failed. */
export async function streamAssistant(request: AssistantRequest): Promise<void> {
  const token = getToken();
  const response = await fetch('/api/assistant', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': request.language,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ prompt: request.prompt }),
    signal: request.signal,
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value.replace(/\r\n?/g, '\n');
    let at = buffer.indexOf('\n\n');
    while (at >= 0) {
      for (const event of parseAssistantEvents(buffer.slice(0, at))) {
        if ('error' in event) throw new Error(event.error);
        if ('text' in event) request.onText(event.text);
      }
      buffer = buffer.slice(at + 2);
      at = buffer.indexOf('\n\n');
    }
  }
}
