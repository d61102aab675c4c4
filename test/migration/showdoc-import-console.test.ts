// Issue #23: the admin console's ShowDoc import. An administrator uploads ShowDoc's SQLite file and a zip
// of its Public/Uploads (POST /api/admin/showdoc-import/upload), starts the import with GraphQL's
// `startShowdocImport`, and follows `showdocImportJob` until its report. Everyone else is refused on both
// the upload and the GraphQL fields; a file that is not ShowDoc's, or too large, is refused clearly.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Attachment, Page, User } from '../../db/src';
import { loginAdmin, register, login } from '../compat/wire-helpers';
import { startTestServer, type TestServer } from '../support/server';
import { copyFixture, type FixtureCopy } from './showdoc-fixture';

/* eslint-disable @typescript-eslint/no-explicit-any -- wire answers are checked field by field */
const JOB_FIELDS = 'id state phase itemsDone itemsTotal dryRun reportText reportJson error finishedAt';

describe('ShowDoc import from the admin console', () => {
  let server: TestServer;
  let fixture: FixtureCopy;
  let admin: string;
  let member: string;
  let uploadsZip: string;

  const upload = async (
    kind: string,
    file: string | Buffer,
    token: string | null,
    name = 'showdoc.db.php',
  ) => {
    const form = new FormData();
    form.append('kind', kind);
    const bytes = typeof file === 'string' ? fs.readFileSync(file) : file;
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/api/admin/showdoc-import/upload`, {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  const start = (input: Record<string, unknown>, token: string) =>
    server.graphql<{ startShowdocImport: Record<string, any> }>(
      `mutation($input: StartShowdocImportInput!) { startShowdocImport(input: $input) { ${JOB_FIELDS} } }`,
      { input },
      token,
    );

  const jobOf = async (id: string, token: string) =>
    (
      await server.graphql<{ showdocImportJob: Record<string, any> }>(
        `query($id: ID!) { showdocImportJob(id: $id) { ${JOB_FIELDS} } }`,
        { id },
        token,
      )
    ).data?.showdocImportJob;

  beforeAll(async () => {
    fixture = copyFixture();
    uploadsZip = path.join(fixture.dir, 'uploads.zip');
    // A zip as an administrator would make it: `zip -r uploads.zip Public/Uploads` in ShowDoc's folder.
    execFileSync('zip', ['-qr', uploadsZip, 'Public/Uploads'], { cwd: fixture.dir });
    server = await startTestServer({ name: 'sqlite' }, 'mig_console', { importMaxBytes: 30 * 1024 * 1024 });
    admin = await loginAdmin(server);
    member = await register(server, 'console_member');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    fixture?.remove();
  });

  it('refuses uploads and imports to anyone but a site administrator', async () => {
    expect((await upload('database', fixture.dbFile, null)).status).toBe(401);
    const forbidden = await upload('database', fixture.dbFile, member);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    const mine = await upload('database', fixture.dbFile, admin);
    for (const answer of [
      await start({ databaseUpload: mine.body.uploadId }, member),
      await server.graphql(`{ showdocImportJobs { id } }`, {}, member),
      await server.graphql(`{ showdocImportJobs { id } }`),
    ]) {
      expect(answer.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    }
    expect(await server.db.orm.em.fork().count(User, { username: 'alice' })).toBe(0);
  });

  it('refuses a file that is not a ShowDoc database, a bad zip and an oversized file, with a clear error', async () => {
    const text = await upload('database', Buffer.from('hello, not a database'), admin, 'notes.txt');
    expect(text.status).toBe(400);
    expect(text.body.error.message).toMatch(/not a ShowDoc database/);
    // A SQLite file without ShowDoc's tables.
    const other = path.join(fixture.dir, 'other.db');
    execFileSync('sqlite3', [other, 'create table t (x int); insert into t values (1);']);
    expect((await upload('database', other, admin)).body.error.message).toMatch(/not a ShowDoc database/);
    const zip = await upload('uploads', Buffer.from('PK but not really'), admin, 'uploads.zip');
    expect(zip.status).toBe(400);
    expect(zip.body.error.message).toMatch(/not a zip/);
    const big = await upload('database', Buffer.alloc(31 * 1024 * 1024), admin);
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('FILE_TOO_LARGE');
    // An unknown upload id, and a zip given as the database.
    expect((await start({ databaseUpload: 'nope' }, admin)).errors?.[0]?.message).toMatch(/No such upload/);
    const zipped = await upload('uploads', uploadsZip, admin, 'uploads.zip');
    expect((await start({ databaseUpload: zipped.body.uploadId }, admin)).errors?.[0]?.message).toMatch(
      /is a zip, not the ShowDoc database/,
    );
  });

  it('imports an uploaded database and uploads zip in the background, with progress and the final report', async () => {
    const database = await upload('database', fixture.dbFile, admin);
    expect(database.status).toBe(200);
    const zip = await upload('uploads', uploadsZip, admin, 'uploads.zip');
    expect(zip.status).toBe(200);
    const again = await upload('database', fixture.dbFile, admin);
    const started = await start(
      { databaseUpload: database.body.uploadId, uploadsUpload: zip.body.uploadId },
      admin,
    );
    expect(started.errors).toBeUndefined();
    const job = started.data!.startShowdocImport;
    expect(job.state).toBe('running');
    // One import at a time (asked at once: the import itself takes seconds).
    expect((await start({ databaseUpload: again.body.uploadId }, admin)).errors?.[0]?.message).toMatch(
      /already running/,
    );
    const progress: number[] = [];
    for (;;) {
      const now = await jobOf(job.id, admin);
      progress.push(now!.itemsDone);
      if (now!.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await server.showdocImports.idle();
    const done = (await jobOf(job.id, admin))!;
    // Progress only moves forward.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(done.error).toBeNull();
    expect(done.state).toBe('done');
    expect(done.itemsDone).toBe(18);
    expect(done.itemsTotal).toBe(18);
    expect(done.reportText).toMatch(/pages\s+4050/);
    const report = JSON.parse(done.reportJson);
    expect(report.counts.attachments.imported).toBe(4);
    expect(report.counts.users.imported).toBe(8);
    expect(await server.db.orm.em.fork().count(Page, {})).toBeGreaterThanOrEqual(4050);
    expect(await server.db.orm.em.fork().count(Attachment, {})).toBe(4);
    expect(await login(server, 'legacy_lin', 'lin_legacy_2018')).toMatch(/^[0-9a-f]+$/);
    // The staged uploads are gone once used.
    const staged = fs.readdirSync(path.join(server.dataDir, 'import-staging'));
    expect(
      staged.filter((f) => f.startsWith(database.body.uploadId) || f.startsWith(zip.body.uploadId)),
    ).toEqual([]);
    const list = await server.graphql<{ showdocImportJobs: Array<{ id: string }> }>(
      `{ showdocImportJobs { id } }`,
      {},
      admin,
    );
    expect(list.data?.showdocImportJobs.map((j) => j.id)).toContain(job.id);
  }, 600_000);

  it('reports nothing to do when the same database is imported again', async () => {
    const database = await upload('database', fixture.dbFile, admin);
    const job = (await start({ databaseUpload: database.body.uploadId }, admin)).data!.startShowdocImport;
    await server.showdocImports.idle();
    const done = (await jobOf(job.id, admin))!;
    expect(done.state).toBe('done');
    expect(JSON.parse(done.reportJson).counts.items).toEqual({ imported: 0, already: 18, skipped: 0 });
  }, 300_000);
});
