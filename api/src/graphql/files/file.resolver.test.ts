import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Attachment, MemberGroup, type Catalog, type Item, type Page, type User } from '../../../../db/src';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../../../../test/support/factories';
import { multipart, PNG, SVG_WITH_SCRIPT } from '../../../../test/support/files';
import { testDatabases } from '../../../../test/support/mysql';
import { ADMIN, startTestServer, type TestServer } from '../../../../test/support/server';

const PAGE_FILES = `query($id: Int!) { page(id: $id) { id attachments { id name fileType size url isImage uploaderName pageId itemId } } }`;
const MINE = `query($filter: AttachmentFilter) { myAttachments(filter: $filter, pageSize: 50) { total usedBytes trafficThisMonth list { id name isImage } } }`;
const ALL = `query($filter: AttachmentFilter) { attachments(filter: $filter) { total usedBytes list { id uploaderName } } }`;
const UNUSED = `{ unusedAttachments(pageSize: 100) { total list { id name } } }`;
const BIND = `mutation($f: Int!, $p: Int!) { bindAttachment(fileId: $f, pageId: $p) }`;
const UNBIND = `mutation($f: Int!, $p: Int!) { unbindAttachment(fileId: $f, pageId: $p) }`;
const DELETE = `mutation($id: Int!) { deleteAttachment(id: $id) }`;
const DELETE_MANY = `mutation($ids: [Int!]!) { deleteAttachments(ids: $ids) { deleted failed } }`;

interface Uploaded {
  id: number;
  name: string;
  fileType: string;
  size: number;
  url: string;
}

describe.each(testDatabases())('files through GraphQL and /api/files on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let ownerToken: string, readerToken: string, scopedToken: string, strangerToken: string, adminToken: string;
  let item: Item;
  let inside: Catalog, outside: Catalog;
  let page: Page, otherPage: Page, outsidePage: Page;

  const uploadTo = async (
    token: string | null,
    fields: Record<string, string | number>,
    name: string,
    data: Buffer,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${server.url}/api/files`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: multipart(fields, { field: 'file', name, data }),
    });
    return {
      status: response.status,
      body: (await response.json()) as Uploaded & { error?: { code: string } },
    };
  };

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_files');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    const reader = await buildUser(em);
    const scoped = await buildUser(em);
    const stranger = await buildUser(em);
    item = await buildItem(em, owner, { password: 'secret' });
    inside = await buildCatalog(em, item);
    outside = await buildCatalog(em, item);
    page = await buildPage(em, item, { catalog: inside });
    otherPage = await buildPage(em, item, { catalog: inside });
    outsidePage = await buildPage(em, item, { catalog: outside });
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    buildMember(em, item, scoped, MemberGroup.ReadOnly, [inside]);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    readerToken = await buildSession(em, reader);
    scopedToken = await buildSession(em, scoped);
    strangerToken = await buildSession(em, stranger);
    adminToken = await buildSession(em, await em.findOneOrFail('User', { username: ADMIN.username }));
  });
  afterAll(async () => server?.close());

  it('uploads to a page with a bearer token and lists the file on the page', async () => {
    const uploaded = await uploadTo(ownerToken, { pageId: page.id }, 'diagram.png', PNG);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toEqual({
      id: expect.any(Number),
      name: 'diagram.png',
      fileType: 'image/png',
      size: PNG.length,
      url: expect.stringMatching(/^\/files\/[0-9a-f]{32}\/diagram\.png$/),
    });
    const answer = await server.graphql<{ page: { attachments: Array<Record<string, unknown>> } }>(
      PAGE_FILES,
      { id: page.id },
      readerToken,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.page.attachments).toEqual([
      {
        id: uploaded.body.id,
        name: 'diagram.png',
        fileType: 'image/png',
        size: PNG.length,
        url: uploaded.body.url,
        isImage: true,
        uploaderName: owner.username,
        pageId: page.id,
        itemId: item.id,
      },
    ]);

    const image = await fetch(server.url + uploaded.body.url, {
      headers: { authorization: `Bearer ${readerToken}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('answers refusals with a code and an HTTP status', async () => {
    const forbidden = await uploadTo(ownerToken, {}, 'a.php.png', PNG);
    expect(forbidden).toMatchObject({ status: 400, body: { error: { code: 'FILE_TYPE_FORBIDDEN' } } });
    const spoofed = await uploadTo(ownerToken, {}, 'a.png', Buffer.from('not an image'));
    expect(spoofed).toMatchObject({ status: 400, body: { error: { code: 'FILE_TYPE_MISMATCH' } } });
    const reader = await uploadTo(readerToken, { pageId: page.id }, 'a.png', PNG);
    expect(reader).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    const anonymous = await uploadTo(null, {}, 'a.png', PNG);
    expect(anonymous).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
    const image = await uploadTo(ownerToken, { kind: 'image' }, 'a.pdf', Buffer.from('%PDF-1.4\n'));
    expect(image).toMatchObject({ status: 400, body: { error: { code: 'IMAGE_TYPE_NOT_ALLOWED' } } });
  });

  it('needs a preflight header when a cookie authenticates the upload', async () => {
    const cookie = { cookie: `quire_token=${ownerToken}` };
    const bare = await uploadTo(null, {}, 'c.png', PNG, cookie);
    expect(bare).toMatchObject({ status: 400, body: { error: { code: 'BAD_INPUT' } } });
    const withHeader = await uploadTo(null, {}, 'c.png', PNG, {
      ...cookie,
      'apollo-require-preflight': 'true',
    });
    expect(withHeader.status).toBe(200);
    const served = await fetch(server.url + withHeader.body.url, { headers: cookie });
    expect(served.status).toBe(200);
  });

  it('serves a private file only to readers, and an SVG only as a download', async () => {
    const svg = await uploadTo(adminToken, { pageId: page.id }, 'draw.svg', SVG_WITH_SCRIPT);
    expect(svg.status).toBe(200);
    const stranger = await fetch(server.url + svg.body.url, {
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(stranger.status).toBe(404);
    expect((await fetch(server.url + svg.body.url)).status).toBe(404);
    const reader = await fetch(server.url + svg.body.url, {
      headers: { authorization: `Bearer ${readerToken}` },
    });
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toBe('application/octet-stream');
    expect(reader.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(reader.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('keeps a scoped member from the files of pages outside the scope', async () => {
    const uploaded = await uploadTo(ownerToken, { pageId: outsidePage.id }, 'out.png', PNG);
    const listed = await server.graphql(PAGE_FILES, { id: outsidePage.id }, scopedToken);
    expect(listed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const served = await fetch(server.url + uploaded.body.url, {
      headers: { authorization: `Bearer ${scopedToken}` },
    });
    expect(served.status).toBe(404);
  });

  it('lists my files, binds, unbinds and deletes them', async () => {
    const uploaded = await uploadTo(ownerToken, { pageId: page.id }, 'bind.txt', Buffer.from('text'));
    const mine = await server.graphql<{
      myAttachments: { total: number; usedBytes: number; list: Array<{ id: number; isImage: boolean }> };
    }>(MINE, { filter: { kind: 'OTHER' } }, ownerToken);
    expect(mine.data?.myAttachments.list.some((f) => f.id === uploaded.body.id)).toBe(true);
    expect(mine.data?.myAttachments.list.every((f) => !f.isImage)).toBe(true);
    expect(mine.data?.myAttachments.usedBytes).toBeGreaterThan(0);

    expect(
      (await server.graphql(BIND, { f: uploaded.body.id, p: otherPage.id }, readerToken)).errors,
    ).toBeDefined();
    expect((await server.graphql(BIND, { f: uploaded.body.id, p: otherPage.id }, ownerToken)).data).toEqual({
      bindAttachment: true,
    });
    const other = await server.graphql<{ page: { attachments: Array<{ id: number }> } }>(
      PAGE_FILES,
      { id: otherPage.id },
      ownerToken,
    );
    expect(other.data?.page.attachments.map((f) => f.id)).toContain(uploaded.body.id);
    expect((await server.graphql(UNBIND, { f: uploaded.body.id, p: otherPage.id }, ownerToken)).data).toEqual(
      { unbindAttachment: true },
    );

    const denied = await server.graphql(DELETE, { id: uploaded.body.id }, strangerToken);
    expect(denied.errors?.[0]?.extensions).toMatchObject({ code: 'FILE_NOT_FOUND', showdocCode: 10101 });
    expect((await server.graphql(DELETE, { id: uploaded.body.id }, ownerToken)).data).toEqual({
      deleteAttachment: true,
    });
    expect(await server.db.orm.em.fork().count(Attachment, { id: uploaded.body.id })).toBe(0);
    expect(
      (await fetch(server.url + uploaded.body.url, { headers: { authorization: `Bearer ${ownerToken}` } }))
        .status,
    ).toBe(404);
  });

  it('gives administrators every file, the unused ones, and batch deletes', async () => {
    const refused = await server.graphql(ALL, {}, ownerToken);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const all = await server.graphql<{
      attachments: { total: number; list: Array<{ uploaderName: string }> };
    }>(ALL, { filter: { uploader: owner.username } }, adminToken);
    expect(all.data?.attachments.total).toBeGreaterThan(0);
    expect(all.data?.attachments.list.every((f) => f.uploaderName === owner.username)).toBe(true);

    const lonely = await uploadTo(ownerToken, {}, 'lonely.png', PNG);
    const unused = await server.graphql<{ unusedAttachments: { list: Array<{ id: number }> } }>(
      UNUSED,
      {},
      adminToken,
    );
    expect(unused.data?.unusedAttachments.list.map((f) => f.id)).toContain(lonely.body.id);
    const batch = await server.graphql(DELETE_MANY, { ids: [lonely.body.id, 999999] }, adminToken);
    expect(batch.data).toEqual({ deleteAttachments: { deleted: 1, failed: 1 } });
  });
});
