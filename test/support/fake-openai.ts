import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request the fake upstream received. */
export interface ChatRequest {
  authorization: string;
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content: string }>;
}

export interface FakeOpenAi {
  url: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

const chunk = (content: string | null, finish: string | null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

/**
 * A real OpenAI-compatible `/v1/chat/completions` server speaking the SSE chunk protocol. What it answers
 * depends on the first user message: `hello` streams two chunks and stops; `long` stops at its length
 * limit and, asked to continue, finishes; `quota` answers a 429 error body; anything else echoes it.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as Omit<ChatRequest, 'authorization'>;
      requests.push({ ...body, authorization: req.headers.authorization ?? '' });
      const prompt = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const continuing = body.messages.some((m) => m.role === 'assistant');
      if (prompt === 'quota') {
        res.writeHead(429, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              code: 'insufficient_quota',
              type: 'insufficient_quota',
              message: 'You exceeded your current quota',
            },
          }),
        );
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const parts: string[] = [];
      if (prompt === 'long' && !continuing) parts.push(chunk('First half', null), chunk(null, 'length'));
      else if (prompt === 'long') parts.push(chunk(', second half.', null), chunk(null, 'stop'));
      else if (prompt === 'hello') parts.push(chunk('Hel', null), chunk('lo!', null), chunk(null, 'stop'));
      else parts.push(chunk(`echo: ${prompt}`, null), chunk(null, 'stop'));
      parts.push('data: [DONE]\n\n');
      // Each chunk in its own write, as a real upstream streams them.
      let i = 0;
      const next = () => {
        if (i >= parts.length) return void res.end();
        res.write(parts[i++]);
        setImmediate(next);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `data:` payloads of an SSE body, in order. */
export function sseData(body: string): string[] {
  return body
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('\n'),
    )
    .filter((d) => d !== '');
}

/** The answer text a client assembles from the chunks (`choices[0].delta.content`). */
export function answerOf(body: string): string {
  return sseData(body)
    .filter((d) => d !== '[DONE]')
    .map(
      (d) =>
        (JSON.parse(d) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta
          ?.content ?? '',
    )
    .join('');
}
