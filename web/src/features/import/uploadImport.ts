import { getToken } from '../../session/session';

/** A refused or failed upload; `message` is the server's reason when it gave one. */
export class ImportUploadError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ImportUploadError';
  }
}

/**
 * Sends the file of an import to `POST /api/imports`, which holds it for `startImport`. XMLHttpRequest
 * for the upload progress; `onProgress` gets the fraction sent (0 to 1).
 */
export function uploadImport(
  file: File,
  language: string,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/imports');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apollo-require-preflight', 'true');
    xhr.setRequestHeader('Accept-Language', language);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { uploadId?: unknown; error?: { code?: unknown; message?: unknown } } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof body?.uploadId === 'string') {
        resolve(body.uploadId);
        return;
      }
      const error = body?.error;
      reject(
        new ImportUploadError(
          typeof error?.message === 'string' ? error.message : '',
          typeof error?.code === 'string' ? error.code : null,
        ),
      );
    };
    xhr.onerror = () => reject(new ImportUploadError('', null));
    xhr.send(form);
  });
}
