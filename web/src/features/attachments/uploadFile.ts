import { getToken } from '../../session/session';

/** What `POST /api/files` answers for a stored file. */
export interface UploadedFile {
  id: number;
  name: string;
  fileType: string;
  size: number;
  url: string;
}

export interface UploadRequest {
  file: File;
  /** `image`: an editor image (jpg, jpeg, gif, png, bmp, webp only); `attachment`: any allowed file. */
  kind: 'image' | 'attachment';
  itemId?: number;
  /** Binds the file to this page (its attachment list). */
  pageId?: number;
  /** Accept-Language: the server's refusal comes back in the interface language. */
  language: string;
  /** Fraction sent, 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/** A refused or failed upload; `message` is the server's reason when it gave one. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Uploads one file through Quire's multipart endpoint with the session's token. XMLHttpRequest rather
 * than fetch: only it reports upload progress. Rejects with an UploadError (empty message: no answer).
 */
export function uploadFile(request: UploadRequest): Promise<UploadedFile> {
  const form = new FormData();
  form.append('kind', request.kind);
  if (request.itemId) form.append('itemId', String(request.itemId));
  if (request.pageId) form.append('pageId', String(request.pageId));
  // The file goes last: the server reads the fields before it streams the file.
  form.append('file', request.file, request.file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // Without a token the session cookie authenticates, which the server accepts only with this header.
    xhr.setRequestHeader('apollo-require-preflight', 'true');
    xhr.setRequestHeader('Accept-Language', request.language);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && isUploaded(body)) {
        request.onProgress?.(1);
        resolve(body);
        return;
      }
      const error = errorOf(body);
      reject(new UploadError(error?.message ?? '', error?.code ?? null));
    };
    xhr.onerror = () => reject(new UploadError('', null));
    xhr.onabort = () => reject(new UploadError('', 'ABORTED'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isUploaded(body: unknown): body is UploadedFile {
  const value = body as Partial<UploadedFile> | null;
  return !!value && typeof value.url === 'string' && typeof value.id === 'number';
}

function errorOf(body: unknown): { code: string | null; message: string } | null {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error.message !== 'string') return null;
  return { code: typeof error.code === 'string' ? error.code : null, message: error.message };
}

/** Spec §2: editor images are jpg, jpeg, gif, png, bmp or webp. */
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'bmp', 'webp'];

export function isEditorImage(file: File): boolean {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (extension) return IMAGE_EXTENSIONS.includes(extension);
  return /^image\/(png|jpe?g|gif|bmp|webp)$/i.test(file.type);
}

/** Markdown for an uploaded file: an image where it is one, else a link. */
export function markdownFor(file: { name: string; url: string }, image: boolean): string {
  // Brackets and backslashes in a name would end the link text early.
  const text = file.name.replace(/[\\[\]]/g, (c) => `\\${c}`);
  // The server's url is percent-encoded already; parentheses and spaces would still end the link.
  const url = file.url.replace(
    /[()\s]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return image ? `![${text}](${url})` : `[${text}](${url})`;
}
