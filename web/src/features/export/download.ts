/** Bytes received so far, and the total when the server says it (Word files); null while unknown. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/** The file name of a `Content-Disposition` answer (the UTF-8 form first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads an export with the session's token in a header (never in the address), reporting progress as
 * the body streams in, then hands the file to the browser. Refusals come back as ShowDoc's JSON envelope.
 */
export async function downloadExport(
  path: string,
  token: string | null,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<{ fileName: string; size: number }> {
  const response = await fetch(path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    let message = `HTTP ${response.status}`;
    try {
      const body = (await response.json()) as { error_message?: string };
      if (body.error_message) message = body.error_message;
    } catch {
      // keep the status
    }
    throw new Error(message);
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress({ received, total });
    }
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'), 'export');
  const blob = new Blob(chunks as BlobPart[], { type: type || 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { fileName, size: received };
}
