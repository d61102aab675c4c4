// The GraphQL door of imports: the file goes to `POST /api/imports`, `startImport` starts the job and
// `importJob` reports its progress and outcome (a refused file fails the job and changes nothing).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Item, Page } from '../../db/src';
import { buildSession, buildUser } from '../support/factories';
import { multipart } from '../support/files';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { rawZip } from '../support/zip';

interface Job {
  id: string;
  state: string;
  percent: number;
  currentPage: string;
  error: string | null;
  errorCode: string | null;
  result: { itemId: number; created: boolean; kind: string; pages: number; catalogs: number } | null;
}

const JOB_FIELDS =
  'id state percent currentPage error errorCode result { itemId created kind pages catalogs }';

describe.each(testDatabases())('imports through GraphQL on $name', (target) => {
  let server: TestServer;
  let token: string, otherToken: string;

  const upload = async (bearer: string | null, name: string, data: Buffer) => {
    const response = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      body: multipart({}, { field: 'file', name, data }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { uploadId?: string; error?: { code: string } },
    };
  };
  const start = (bearer: string, uploadId: string, itemId?: number) =>
    server.graphql<{ startImport: Job }>(
      `mutation($u: String!, $i: Int) { startImport(uploadId: $u, itemId: $i) { ${JOB_FIELDS} } }`,
      { u: uploadId, i: itemId ?? null },
      bearer,
    );
  const poll = async (bearer: string, id: string): Promise<Job> => {
    for (;;) {
      const answer = await server.graphql<{ importJob: Job }>(
        `query($id: String!) { importJob(id: $id) { ${JOB_FIELDS} } }`,
        { id },
        bearer,
      );
      expect(answer.errors).toBeUndefined();
      const job = answer.data!.importJob;
      if (job.state !== 'RUNNING') return job;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  beforeAll(async () => {
    server = await startTestServer(target, `import_gql_${target.name}`, { logLevel: 'error' });
    const em = server.db.orm.em.fork();
    token = await buildSession(em, await buildUser(em));
    otherToken = await buildSession(em, await buildUser(em));
  }, 180_000); // migrations on a fresh MariaDB database take a while on a loaded machine
  afterAll(async () => server?.close());

  it('uploads, starts and finishes an import with its outcome', async () => {
    const staged = await upload(
      token,
      'shop.json',
      fs.readFileSync(path.join(__dirname, 'fixtures/postman-v2.1.json')),
    );
    expect(staged.status).toBe(200);
    const started = await start(token, staged.body.uploadId!);
    expect(started.errors).toBeUndefined();
    const job = await poll(token, started.data!.startImport.id);
    expect(job).toEqual(
      expect.objectContaining({ state: 'DONE', percent: 100, error: null, errorCode: null }),
    );
    expect(job.result).toEqual(
      expect.objectContaining({ created: true, kind: 'postman', pages: 5, catalogs: 3 }),
    );
    expect(await server.db.orm.em.fork().count(Page, { item: job.result!.itemId })).toBe(5);
    // The job is its starter's alone, and an upload starts once.
    const foreign = await server.graphql(
      `query($id: String!) { importJob(id: $id) { id } }`,
      { id: job.id },
      otherToken,
    );
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const again = await start(token, staged.body.uploadId!);
    expect(again.errors?.[0]?.extensions?.code).toBe('FILE_MISSING');
  });

  it('fails the job of a refused file and changes nothing', async () => {
    const items = await server.db.orm.em.fork().count(Item, {});
    const staged = await upload(token, 'evil.zip', rawZip([{ name: '../../etc/x.md', data: 'x' }]));
    const job = await poll(token, (await start(token, staged.body.uploadId!)).data!.startImport.id);
    expect(job.state).toBe('FAILED');
    expect(job.errorCode).toBe('IMPORT_UNSAFE_PATH');
    expect(job.error).toMatch(/unsafe path/);
    expect(job.result).toBeNull();
    expect(await server.db.orm.em.fork().count(Item, {})).toBe(items);
  });

  it('refuses uploads without a login and with no file', async () => {
    expect((await upload(null, 'a.json', Buffer.from('{}'))).status).toBe(401);
    const empty = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: multipart({ note: 'x' }),
    });
    expect(empty.status).toBe(400);
  });
});
