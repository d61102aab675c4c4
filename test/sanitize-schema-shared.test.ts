// Issue #22: one sanitiser configuration for the client and the server. The server may not import the web
// app (test/architecture.test.ts), so the offline HTML export holds a copy of the web's allow-list; this
// test keeps them one configuration: below each file's header comment, the source is the same text.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { markdownSanitizeSchema } from '../api/src/domain/export/sanitize-schema';

const root = path.join(__dirname, '..');
/** The file from its first `export` on: the header comments may differ, the rules may not. */
const rules = (file: string) => {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return text.slice(text.indexOf('\nexport ') + 1);
};

describe('the markdown sanitiser configuration', () => {
  it('is the same in the web app and in the server-side export', () => {
    const web = rules('web/src/features/markdown/sanitize-schema.ts');
    expect(web.length).toBeGreaterThan(1000);
    expect(rules('api/src/domain/export/sanitize-schema.ts')).toBe(web);
  });

  it('allows no script or event handler on the server either', () => {
    expect(markdownSanitizeSchema.tagNames).not.toContain('script');
    const attributes = JSON.stringify(markdownSanitizeSchema.attributes);
    expect(attributes).not.toMatch(/"on[a-z]+"/);
  });
});
