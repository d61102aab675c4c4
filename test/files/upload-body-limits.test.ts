// Issue #15's per-route body limits on the upload routes: the file may be as large as the site's upload
// limit (4 MB by default, above the 512 KiB standard body limit), but the form fields beside it keep the
// standard limit, one large field or many small ones; a refused request stores nothing.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Attachment } from '../../db/src';
import { buildSession, buildUser } from '../support/factories';
import { multipart, PNG, storedFiles } from '../support/files';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, call } from '../compat/wire-helpers';

const KiB = 1024;
/** A zip's local-file signature: enough for the sniffer to call the bytes a zip. */
const ZIP_HEAD = Buffer.from('504b0304140000000000', 'hex');
const TOO_LARGE = { error_code: 10101, error_message: '请求内容过大 (request body too large)' };

describe.each(testDatabases())('upload body limits on $name', (target) => {
  let server: TestServer;
  let token: string;

  const files = async () => ({
    rows: await server.db.orm.em.fork().count(Attachment, {}),
    stored: storedFiles(path.join(server.dataDir, 'uploads')).length,
  });
  const quireUpload = async (fields: Record<string, string>, name: string, data: Buffer) => {
    const response = await fetch(`${server.url}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: multipart(fields, { field: 'file', name, data }),
    });
    return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
  };
  const showdocUpload = (fields: Record<string, string>, name: string, data: Buffer) =>
    call(server, api('page/upload'), {
      method: 'POST',
      body: multipart({ user_token: token, ...fields }, { field: 'file', name, data }),
    });

  beforeAll(async () => {
    server = await startTestServer(target, `upload_limits_${target.name}`);
    const em = server.db.orm.em.fork();
    token = await buildSession(em, await buildUser(em));
  });
  afterAll(async () => server?.close());

  it('takes a file larger than the standard body limit on both upload doors', async () => {
    const data = Buffer.concat([ZIP_HEAD, Buffer.alloc(1024 * KiB)]);
    const quire = await quireUpload({ kind: 'attachment' }, 'big.zip', data);
    expect(quire.status).toBe(200);
    const showdoc = await showdocUpload({}, 'big.zip', data);
    expect(showdoc.body).toEqual({ url: expect.any(String), success: 1 });
  });

  it('refuses one form field over the standard limit beside the file, storing nothing', async () => {
    const before = await files();
    const quire = await quireUpload({ note: 'x'.repeat(600 * KiB) }, 'a.png', PNG);
    expect(quire.status).toBe(413);
    expect(quire.body.error?.code).toBe('REQUEST_TOO_LARGE');
    const showdoc = await showdocUpload({ note: 'x'.repeat(600 * KiB) }, 'a.png', PNG);
    expect(showdoc.body).toEqual(TOO_LARGE);
    expect(await files()).toEqual(before);
  });

  it('refuses many small fields that together pass the standard limit', async () => {
    const before = await files();
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, 'y'.repeat(4 * KiB)]));
    const quire = await quireUpload(many, 'a.png', PNG);
    expect(quire.status).toBe(413);
    expect(quire.body.error?.code).toBe('REQUEST_TOO_LARGE');
    expect((await showdocUpload(many, 'a.png', PNG)).body).toEqual(TOO_LARGE);
    expect(await files()).toEqual(before);
  });

  it('still takes ordinary fields beside the file', async () => {
    const quire = await quireUpload({ kind: 'image', note: 'x'.repeat(100 * KiB) }, 'a.png', PNG);
    expect(quire.status).toBe(200);
  });
});
