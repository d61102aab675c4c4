import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { DomainError } from '../errors';
import type { RateLimits } from '../limits/rate-limits';
import type { SettingsService } from '../settings/settings.service';
import type { Viewer } from '../viewer';
import { AllowList, checkOutboundUrl, guardedLookup, type Refusal } from '../net/outbound';

/** The most bytes of a request body the relay sends, and of a response body it reads. */
export const RELAY_BODY_MAX_BYTES = 1024 * 1024;
const RELAY_TIMEOUT_MS = 10_000;
const RELAY_HEADERS_MAX = 50;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
/** Headers the relay sets itself (or that would let a caller smuggle a second request). */
const DROPPED_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'expect',
]);

export interface RelayRequest {
  method: string;
  url: string;
  headers: Array<{ name: string; value: string }>;
  body: string;
}

export interface RelayResponse {
  status: number;
  statusText: string;
  headers: Array<{ name: string; value: string }>;
  body: string;
  /** The response body was longer than RELAY_BODY_MAX_BYTES and was cut there. */
  truncated: boolean;
  durationMs: number;
}

const refusedBecause: Refusal = ({ en, zh }) =>
  new DomainError('RelayRefused', {
    en: `The relay may not call this address: ${en}`,
    zh: `中转不允许访问该地址：${zh}`,
  });
const refused = (detail: string) => refusedBecause({ en: detail, zh: detail });

/**
 * The HTTP console's server-side relay (issue #21), for targets a browser cannot call (no CORS): off
 * unless the administrator turns it on, signed-in users only, rate-limited per user, and guarded against
 * SSRF: the target must resolve to public addresses only (or ones the administrator allow-listed), the
 * connection itself re-checks the address (DNS rebinding), redirects are answered, never followed, and
 * time and body sizes are capped.
 */
export class HttpRelay {
  constructor(
    private readonly settings: SettingsService,
    private readonly limits: RateLimits,
  ) {}

  async enabled(): Promise<boolean> {
    return this.settings.flag('http_relay_open');
  }

  async send(viewer: Viewer, request: RelayRequest): Promise<RelayResponse> {
    const user = viewer.requireUser();
    if (!(await this.enabled())) throw new DomainError('RelayDisabled');
    await this.limits.relay.take(`user:${user.id}`);
    const method = request.method.trim().toUpperCase();
    if (!METHODS.has(method))
      throw new DomainError('BadInput', { en: `Unknown method ${method}`, zh: `不支持的请求方法 ${method}` });
    if (request.headers.length > RELAY_HEADERS_MAX)
      throw new DomainError('BadInput', { en: 'Too many headers', zh: '请求头过多' });
    const body = Buffer.from(request.body ?? '', 'utf8');
    if (body.length > RELAY_BODY_MAX_BYTES)
      throw new DomainError('BadInput', {
        en: 'The request body is too large (at most 1 MB)',
        zh: '请求体过大（最多 1 MB）',
      });
    const allow = new AllowList(await this.settings.get('http_relay_allow_hosts'));
    const url = await checkTarget(request.url, allow);
    const headers: Record<string, string> = {};
    for (const { name, value } of request.headers) {
      const key = name.trim().toLowerCase();
      if (!key || DROPPED_HEADERS.has(key)) continue;
      if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(key) || /[\r\n\0]/.test(value))
        throw new DomainError('BadInput', { en: `Invalid header ${name}`, zh: `无效的请求头 ${name}` });
      headers[key] = value;
    }
    if (body.length || !['GET', 'HEAD'].includes(method)) headers['content-length'] = String(body.length);
    return call(url, method, headers, body, allow);
  }
}

/** The target through the one SSRF guard; the relay's allow-list is `http_relay_allow_hosts`. */
function checkTarget(raw: string, allow: AllowList): Promise<URL> {
  return checkOutboundUrl(raw, { allow }, refusedBecause);
}

function call(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
  allow: AllowList,
): Promise<RelayResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = (url.protocol === 'https:' ? https : http).request(url, {
      method,
      headers,
      lookup: guardedLookup({ allow }) as unknown as typeof dns.lookup,
      timeout: RELAY_TIMEOUT_MS,
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out after 10 s')));
    outgoing.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRNOTALLOWED') reject(refused(err.message));
      else
        reject(
          new DomainError('RelayFailed', {
            en: `The request failed: ${err.message}`,
            zh: `请求失败：${err.message}`,
          }),
        );
    });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      let truncated = false;
      const finish = () =>
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: headerList(response.rawHeaders),
          body: Buffer.concat(chunks).toString('utf8'),
          truncated,
          durationMs: Math.round(performance.now() - started),
        });
      response.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = RELAY_BODY_MAX_BYTES - read;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          truncated = true;
          read = RELAY_BODY_MAX_BYTES;
          response.destroy();
          finish();
          return;
        }
        chunks.push(chunk);
        read += chunk.length;
      });
      response.on('end', finish);
      response.on('error', () => (truncated ? undefined : finish()));
    });
    outgoing.end(body.length ? body : undefined);
  });
}

function headerList(raw: string[]): Array<{ name: string; value: string }> {
  const list: Array<{ name: string; value: string }> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) list.push({ name: raw[i]!, value: raw[i + 1]! });
  return list;
}
