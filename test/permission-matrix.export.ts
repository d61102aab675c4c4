// Permission-matrix rows for exports (issue #19): who may export page B or catalog B (outside the scoped
// members' catalog A) through GraphQL's `exportPlan` and ShowDoc's download endpoints (compat-api §16).
import { expect } from '@jest/globals';
import {
  EDIT_WHOLE,
  gql,
  gqlOutcome,
  restOutcome,
  type Actor,
  type Matrix,
  type Operation,
} from './permission-matrix.support';

/** Exporting is a read of editors: an archived item's owner still exports it (nothing is written to it). */
const EXPORTERS = [...EDIT_WHOLE, 'owner of archived item'] as const;

/** A download as the actor: true when a file came back, false for a refusal envelope (never a 500). */
async function restDownload(
  m: Matrix,
  a: Actor,
  route: string,
  query: Record<string, number>,
): Promise<boolean> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  if (a.visitPassword) qs.set('_item_pwd', a.visitPassword);
  const response = await fetch(`${m.server.url}/server/index.php?s=/api/${route}&${qs}`, {
    headers: a.token ? { 'x-api-token': a.token } : {},
  });
  expect(response.status).toBe(200);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return restOutcome({ status: 200, body: await response.json() });
  expect(type).toMatch(/zip|octet-stream/);
  expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  return true;
}

const PLAN = `query($input: ExportInput!) { exportPlan(input: $input) { pageCount downloadPath } }`;

export const EXPORT_OPERATIONS: Operation[] = [
  {
    name: 'export page B as Word',
    allow: EXPORTERS,
    covers: ['Query.exportPlan', 'Export/word'],
    graphql: async (m, a) => {
      const { item, pageB } = m.target(a);
      const input = { itemId: item.id, pageId: pageB.id, format: 'WORD' };
      return gqlOutcome(await gql(m, a, PLAN, { input }));
    },
    rest: async (m, a) => {
      const { item, pageB } = m.target(a);
      return restDownload(m, a, 'export/word', { item_id: item.id, page_id: pageB.id });
    },
  },
  {
    name: 'export catalog B as a markdown zip and an offline HTML site',
    allow: EXPORTERS,
    covers: ['Export/markdown', 'ExportHtml/export'],
    graphql: async (m, a) => {
      const { item, catB } = m.target(a);
      const input = { itemId: item.id, catalogId: catB.id, format: 'MARKDOWN' };
      return gqlOutcome(await gql(m, a, PLAN, { input }));
    },
    rest: async (m, a) => {
      const { item, catB } = m.target(a);
      const markdown = await restDownload(m, a, 'export/markdown', { item_id: item.id, cat_id: catB.id });
      const html = await restDownload(m, a, 'exportHtml/export', { item_id: item.id, cat_id: catB.id });
      expect(html).toBe(markdown);
      return markdown;
    },
  },
];

export const EXPORT_NOT_PERMISSION_SCOPED: Record<string, string> = {
  'Export/checkMarkdownLimit': 'addresses no item: a login check only (the open-source build has no limit)',
};
