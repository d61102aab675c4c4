// Permission-matrix rows for imports (issue #19): who may import a file into the matrix item, through
// GraphQL (`POST /api/imports` + `startImport`, polled with `importJob`) and ShowDoc's three import doors.
// A new item is anyone's to make; writing into an existing one needs edit rights over the whole item.
import { Page } from '../db/src';
import { VISITOR_COOKIE } from '../server/src/server';
import { multipart } from './support/files';
import {
  EDIT_WHOLE,
  agree,
  gql,
  restOutcome,
  unique,
  write,
  type Actor,
  type Matrix,
  type Operation,
} from './permission-matrix.support';

function headersOf(a: Actor): Record<string, string> {
  const headers: Record<string, string> = {};
  if (a.token) headers.authorization = `Bearer ${a.token}`;
  if (a.visitorCookie) headers.cookie = `${VISITOR_COOKIE}=${a.visitorCookie}`;
  return headers;
}

/** A Postman collection with one request of a fresh name, so every allowed import adds a page. */
function collection(): Buffer {
  return Buffer.from(
    JSON.stringify({
      info: {
        name: 'matrix',
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      item: [{ name: unique('imported'), request: { method: 'GET', url: 'http://example.com/' } }],
    }),
  );
}

/** An OpenAPI document with one operation of a fresh title. */
function openApi(): Buffer {
  return Buffer.from(
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'matrix', version: '1' },
      paths: { '/x': { get: { summary: unique('operation'), responses: { '200': { description: 'ok' } } } } },
    }),
  );
}

const pagesOf = (m: Matrix, itemId: number) => m.em().count(Page, { item: itemId });

async function restImport(
  m: Matrix,
  a: Actor,
  route: string,
  itemId: number,
  data: Buffer,
): Promise<boolean> {
  const fields: Record<string, string | number> = { item_id: itemId };
  if (a.visitPassword) fields._item_pwd = a.visitPassword;
  const response = await fetch(`${m.server.url}/server/index.php?s=/api/${route}`, {
    method: 'POST',
    headers: a.token ? { 'x-api-token': a.token } : {},
    body: multipart(fields, { field: 'file', name: 'matrix.json', data }),
  });
  return restOutcome({ status: response.status, body: (await response.json()) as Record<string, unknown> });
}

async function graphqlImport(m: Matrix, a: Actor, itemId: number): Promise<boolean> {
  const staged = await fetch(`${m.server.url}/api/imports`, {
    method: 'POST',
    headers: headersOf(a),
    body: multipart({}, { field: 'file', name: 'matrix.json', data: collection() }),
  });
  if (!staged.ok) return false;
  const { uploadId } = (await staged.json()) as { uploadId: string };
  const started = await gql(
    m,
    a,
    'mutation($u: String!, $i: Int) { startImport(uploadId: $u, itemId: $i) { id } }',
    {
      u: uploadId,
      i: itemId,
    },
  );
  const id = (started.data as { startImport?: { id: string } } | null | undefined)?.startImport?.id;
  if (!id) return false;
  for (;;) {
    const polled = await gql(m, a, 'query($id: String!) { importJob(id: $id) { state } }', { id });
    const state = (polled.data as { importJob?: { state: string } } | null | undefined)?.importJob?.state;
    if (state !== 'RUNNING') return state === 'DONE';
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const IMPORT_OPERATIONS: Operation[] = [
  {
    name: 'import a file into the item',
    allow: EDIT_WHOLE,
    covers: ['Mutation.startImport', 'Import/auto', 'ImportSwagger/import', 'ImportPostman/import'],
    graphql: async (m, a) => {
      const { item } = m.target(a);
      return write(
        () => pagesOf(m, item.id),
        () => graphqlImport(m, a, item.id),
      );
    },
    rest: async (m, a) => {
      const { item } = m.target(a);
      return write(
        () => pagesOf(m, item.id),
        async () =>
          agree([
            await restImport(m, a, 'import/auto', item.id, collection()),
            await restImport(m, a, 'importSwagger/import', item.id, openApi()),
            await restImport(m, a, 'importPostman/import', item.id, collection()),
          ]),
      );
    },
  },
];
