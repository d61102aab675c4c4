// Small real files for upload tests, and multipart requests that carry them.
import fs from 'node:fs';
import path from 'node:path';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1×1 GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** An SVG that would run script if a browser rendered it from this site. */
export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);

export const PHP = Buffer.from('<?php system($_GET["c"]); ?>');

export interface FilePart {
  field: string;
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart body: the fields first, then the file (the order ShowDoc's clients use). */
export function multipart(fields: Record<string, string | number>, file?: FilePart): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (file) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  return form;
}

/** Every stored object under an uploads folder (to check that refusals leave nothing behind). */
export function storedFiles(uploadsDir: string): string[] {
  if (!fs.existsSync(uploadsDir)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(full);
    }
  };
  walk(uploadsDir);
  return found;
}
