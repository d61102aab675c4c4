import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Attachment, FileFlow, type Item, type User } from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { buildItem, buildPage, buildUser, viewerOf } from '../../../../test/support/factories';
import { PNG, storedFiles } from '../../../../test/support/files';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestS3, type TestS3 } from '../../../../test/support/s3';
import { DomainError } from '../errors';
import { Viewer } from '../viewer';

const stream = (data: Buffer) => Readable.from([data]);

describe.each(testDatabases())('file service on $name', (target) => {
  let db: TestDb;
  let s3: TestS3;
  let uploads: string;
  let owner: User, stranger: User;
  let openItem: Item, privateItem: Item;

  beforeAll(async () => {
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-file-service-'));
    s3 = await startTestS3();
    db = await openTestDb(target, 'file_service', { storage: { uploadsDir: uploads, s3: null } });
    const em = db.services().em;
    owner = await buildUser(em);
    stranger = await buildUser(em);
    openItem = await buildItem(em, owner);
    privateItem = await buildItem(em, owner, { password: 'secret' });
  });
  afterAll(async () => {
    await db?.close();
    await s3?.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  const upload = async (itemId?: number) => {
    const services = db.services();
    return services.files.upload(await viewerOf(services.em, owner), {
      kind: 'image',
      fileName: 'shot.png',
      body: stream(PNG),
      itemId,
    });
  };

  it('lets anyone holding the sign read an editor image bound to nothing', async () => {
    const file = await upload();
    const delivery = await db.services().files.visit(Viewer.anonymous(), file.sign);
    expect(delivery.status).toBe(200);
    expect((await text(delivery.body!)).length).toBeGreaterThan(0);
  });

  it("follows the item's visit rights for a file bound to an item but no page", async () => {
    const open = await upload(openItem.id);
    const locked = await upload(privateItem.id);
    const services = db.services();
    const openRead = await services.files.visit(Viewer.anonymous(), open.sign);
    openRead.body?.destroy();
    expect(openRead.status).toBe(200);
    const strangerViewer = await viewerOf(services.em, stranger);
    await expect(services.files.visit(strangerViewer, locked.sign)).rejects.toMatchObject({
      codeName: 'FileNotFound',
    });
    const withPassword = await viewerOf(services.em, null, 'secret');
    const lockedRead = await services.files.visit(withPassword, locked.sign);
    lockedRead.body?.destroy();
    expect(lockedRead.status).toBe(200);
  });

  it("lets the holder of a page's share link read the files that page shows, and no others", async () => {
    const linked = await upload(privateItem.id);
    const elsewhere = await upload(privateItem.id);
    const services = db.services();
    const ownerViewer = await viewerOf(services.em, owner);
    const boundPage = await buildPage(services.em, privateItem);
    const attached = await services.files.upload(ownerViewer, {
      kind: 'attachment',
      fileName: 'spec.png',
      body: stream(PNG),
      itemId: privateItem.id,
      pageId: boundPage.id,
    });
    const page = await buildPage(services.em, privateItem, {
      content: `See ![shot](/files/${linked.sign}/shot.png)`,
    });
    const read = async (sign: string) => {
      try {
        const delivery = await db.services().files.visit(Viewer.anonymous(), sign);
        delivery.body?.destroy();
        return delivery.status;
      } catch (err) {
        return (err as DomainError).codeName;
      }
    };
    // Not shared yet: a private item's files stay closed to a stranger.
    expect(await read(linked.sign)).toBe('FileNotFound');
    expect(await read(attached.sign)).toBe('FileNotFound');

    await services.shares.share(ownerViewer, page.id, 7);
    await services.shares.share(ownerViewer, boundPage.id, 7);
    expect(await read(linked.sign)).toBe(200);
    expect(await read(attached.sign)).toBe(200);
    expect(await read(elsewhere.sign)).toBe('FileNotFound');

    await db.services().shares.unshare(ownerViewer, page.id);
    expect(await read(linked.sign)).toBe('FileNotFound');
  });

  it('counts a whole read as a visit and a resumed range only as traffic', async () => {
    const file = await upload();
    const services = db.services();
    const now = new Date('2026-03-15T10:00:00Z');
    for (const range of [undefined, 'bytes=10-']) {
      (await services.files.visit(Viewer.anonymous(), file.sign, { range }, now)).body?.destroy();
    }
    const em = db.services().em;
    const stored = await em.findOneOrFail(Attachment, { id: file.id });
    expect(stored.visitTimes).toBe(1);
    const flow = await em.findOneOrFail(FileFlow, { user: owner.id, month: '2026-03' });
    expect(Number(flow.used)).toBe(PNG.length + (PNG.length - 10));
  });

  it('leaves no row and no object when the storage fails', async () => {
    const broken = await openTestDb(target, 'file_service_broken', {
      storage: { uploadsDir: uploads, s3: s3.settings('missing-bucket') },
    });
    try {
      const services = broken.services();
      const user = await buildUser(services.em);
      const objects = storedFiles(uploads).length;
      const failure = await services.files
        .upload(await viewerOf(services.em, user), {
          kind: 'attachment',
          fileName: 'a.png',
          body: stream(PNG),
        })
        .catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(DomainError);
      expect((failure as DomainError).codeName).toBe('UploadFailed');
      expect(await broken.services().em.count(Attachment, {})).toBe(0);
      expect(storedFiles(uploads)).toHaveLength(objects);
    } finally {
      await broken.close();
    }
  });
});
