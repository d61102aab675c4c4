import { getToken } from '../../session/session';

/** Uploads ShowDoc's database (`database`) or a zip of its Public/Uploads (`uploads`) for an import. */
export async function stageImportFile(
  kind: 'database' | 'uploads',
  file: File,
  language: string,
): Promise<string> {
  const form = new FormData();
  form.append('kind', kind);
  // The file goes last: the server reads the fields before it streams the file.
  form.append('file', file, file.name);
  const token = getToken();
  const response = await fetch('/api/admin/showdoc-import/upload', {
    method: 'POST',
    body: form,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      // Without a token the session cookie authenticates, which the server accepts only with this header.
      'apollo-require-preflight': 'true',
      'Accept-Language': language,
    },
  });
  const body = (await response.json().catch(() => null)) as {
    uploadId?: string;
    error?: { message?: string };
  } | null;
  if (!response.ok || !body?.uploadId) throw new Error(body?.error?.message ?? response.statusText);
  return body.uploadId;
}
