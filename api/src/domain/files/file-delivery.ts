import type { Readable } from 'node:stream';
import type { Attachment } from '../../../../db/src';
import type { ByteRange, FileStorage } from '../../storage/storage';
import { INLINE_TYPES } from './file-rules';

/** The parts of an HTTP request that decide what a file answer is. */
export interface FileRequest {
  /** `Range` header. */
  range?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  ifRange?: string;
  /** A HEAD request: headers only, not counted as a visit. */
  head?: boolean;
}

/** A file answer as HTTP sends it; both doors write it out unchanged. */
export interface FileDelivery {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body: Readable | null;
  /** Bytes this answer sends (null: none, e.g. 304). */
  sentBytes: number | null;
  /** The first byte sent (0 for a whole file), so a resumed download is not counted as a new visit. */
  firstByte: number | null;
}

/**
 * Raster images are shown inline with their sniffed type; everything else (SVG and HTML included) is a
 * download with the original name. Every answer forbids sniffing and runs sandboxed with no sources, so
 * a file can never act as a page of this site.
 */
export async function deliver(
  file: Attachment,
  storage: FileStorage,
  key: string,
  request: FileRequest,
): Promise<FileDelivery> {
  const size = Number(file.fileSize);
  const etag = `"${file.sign}"`;
  const lastModified = new Date(Math.floor(file.createdAt.getTime() / 1000) * 1000);
  const inline = INLINE_TYPES.has(file.fileType);
  const headers: Record<string, string> = {
    'content-type': inline ? file.fileType : 'application/octet-stream',
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', file.displayName),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    // Revalidated every time: access to a private item's file can be taken away.
    'cache-control': 'private, no-cache',
    etag,
    'last-modified': lastModified.toUTCString(),
    'accept-ranges': 'bytes',
  };

  if (notModified(request, etag, lastModified)) {
    return { status: 304, headers, body: null, sentBytes: null, firstByte: null };
  }
  const wantsRange = request.range && (!request.ifRange || request.ifRange === etag);
  const range = wantsRange ? parseRange(request.range!, size) : undefined;
  if (range === 'unsatisfiable') {
    return {
      status: 416,
      headers: { ...headers, 'content-range': `bytes */${size}`, 'content-length': '0' },
      body: null,
      sentBytes: null,
      firstByte: null,
    };
  }
  if (range) {
    const length = range.end - range.start + 1;
    return {
      status: 206,
      headers: {
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
        'content-length': String(length),
      },
      body: request.head ? null : await storage.get(key, range),
      sentBytes: length,
      firstByte: range.start,
    };
  }
  return {
    status: 200,
    headers: { ...headers, 'content-length': String(size) },
    body: request.head ? null : await storage.get(key),
    sentBytes: size,
    firstByte: 0,
  };
}

function notModified(request: FileRequest, etag: string, lastModified: Date): boolean {
  if (request.ifNoneMatch !== undefined) {
    const tags = request.ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(etag);
  }
  if (request.ifModifiedSince) {
    const since = Date.parse(request.ifModifiedSince);
    return Number.isFinite(since) && lastModified.getTime() <= since;
  }
  return false;
}

/**
 * One `bytes=` range (`a-b`, `a-`, `-n`). Several ranges, or a header that is not a byte range, are
 * ignored and the whole file is sent, as RFC 9110 allows.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return undefined;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266 with RFC 5987 for the real name). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
