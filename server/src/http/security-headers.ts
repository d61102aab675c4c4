import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The hashes of the inline scripts of the built index.html (the colour-scheme script that runs before
 * the first paint), so the CSP allows exactly those and no other inline script.
 */
export function inlineScriptHashes(indexHtml: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(indexHtml, 'utf8');
  } catch {
    return [];
  }
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** A Host header fit to name the WebSocket origin in the CSP (anything else gets `'self'` alone). */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The Content-Security-Policy of the built web app: its own scripts (plus the hashed inline one), Mantine's
 * injected `<style>` elements and style attributes, images from anywhere (markdown pages embed them),
 * fonts and data: URLs (KaTeX, icons), GraphQL over HTTP and graphql-ws on the same host, and no framing.
 * The HTTP console ("Try it" on API pages, issue #21) calls the documented APIs from the browser, so
 * connect-src allows http(s) targets too; img-src already reaches any host, so this opens no new channel.
 */
export function contentSecurityPolicy(host: string | undefined, scriptHashes: readonly string[]): string {
  const sockets = host && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets} https: http:`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every response (issue #15): the CSP, no MIME sniffing, no framing by other sites
 * (the share page `/p/{key}` included), and no full URLs (share keys) in the Referer of outgoing links.
 */
export function registerSecurityHeaders(app: FastifyInstance, indexHtml: string): void {
  const hashes = inlineScriptHashes(indexHtml);
  // The policy of each Host seen last: every answer built it again (issue #14). Bounded, as Host is the client's.
  const byHost = new Map<string, string>();
  const policyFor = (host: string | undefined): string => {
    const key = host ?? '';
    let policy = byHost.get(key);
    if (policy === undefined) {
      policy = contentSecurityPolicy(host, hashes);
      if (byHost.size >= 64) byHost.clear();
      byHost.set(key, policy);
    }
    return policy;
  };
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (request: FastifyRequest, reply, payload, done) => {
    // A route that answers something other than the app (a served file) sets its own, stricter policy.
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', policyFor(request.headers.host));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    done(null, payload);
  });
}
