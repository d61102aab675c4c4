// compat-api §11 (attachments) and §1.6 (common/visitFile) over real multipart and form-encoded HTTP:
// uploads with every refusal, the lists, binding, deleting, the admin calls, and serving files.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Attachment,
  AttachmentPage,
  FileFlow,
  MemberGroup,
  type Catalog,
  type Item,
  type Page,
  type User,
} from '../../db/src';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../support/factories';
import { GIF, multipart, PHP, PNG, storedFiles, SVG_WITH_SCRIPT, type FilePart } from '../support/files';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, call, expectError, expectOk, loginAdmin, setSettings } from './wire-helpers';

const SIGN_URL = /\/server\/\?s=\/api\/attachment\/visitFile&sign=([0-9a-f]{32})$/;
const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe.each(testDatabases())('ShowDoc attachments on $name', (target) => {
  let server: TestServer;
  let owner: User, reader: User, scoped: User, stranger: User;
  let ownerToken: string, readerToken: string, scopedToken: string, strangerToken: string;
  let adminToken: string;
  let item: Item, openItem: Item;
  let inside: Catalog, outside: Catalog;
  let page: Page, outsidePage: Page, secondPage: Page, openPage: Page;

  const uploads = () => path.join(server.dataDir, 'uploads');
  const post = (route: string, form: FormData, headers: Record<string, string> = {}) =>
    call(server, api(route), { method: 'POST', body: form, headers });
  const upload = (token: string, fields: Record<string, string | number>, file?: FilePart) =>
    post('page/upload', multipart({ user_token: token, ...fields }, file));
  const file = (name: string, data: Buffer): FilePart => ({ field: 'file', name, data });
  const signOf = (url: string) => SIGN_URL.exec(url)![1]!;
  const visitPath = (url: string) => url.slice(url.indexOf('/server/'));
  const rows = () => server.db.orm.em.fork().count(Attachment, {});

  beforeAll(async () => {
    server = await startTestServer(target, `compat_attachment_${target.name}`, { logLevel: 'error' });
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    reader = await buildUser(em);
    scoped = await buildUser(em);
    stranger = await buildUser(em);
    item = await buildItem(em, owner, { password: 'secret' });
    openItem = await buildItem(em, owner);
    inside = await buildCatalog(em, item, { name: 'Inside' });
    outside = await buildCatalog(em, item, { name: 'Outside' });
    page = await buildPage(em, item, { catalog: inside });
    secondPage = await buildPage(em, item, { catalog: inside });
    outsidePage = await buildPage(em, item, { catalog: outside });
    openPage = await buildPage(em, openItem);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    buildMember(em, item, scoped, MemberGroup.Edit, [inside]);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    readerToken = await buildSession(em, reader);
    scopedToken = await buildSession(em, scoped);
    strangerToken = await buildSession(em, stranger);
    adminToken = await loginAdmin(server);
  });
  afterAll(async () => server?.close());

  describe('page/upload (attachmentUpload)', () => {
    it('stores a file on a page and answers {url, success} outside the envelope', async () => {
      const answer = await upload(
        ownerToken,
        { page_id: page.id, item_id: item.id },
        file('手册 v1.pdf', pdf()),
      );
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['success', 'url']);
      expect(answer.body.success).toBe(1);
      expect(answer.body.url).toMatch(SIGN_URL);
      expect(answer.body.url.startsWith(server.url)).toBe(true);

      const list = expectOk(
        await server.form(api('page/uploadList'), { user_token: ownerToken, page_id: page.id }),
      );
      expect(list[0]).toEqual({
        file_id: expect.any(Number),
        display_name: '手册 v1.pdf',
        url: answer.body.url,
        addtime: expect.stringMatching(LOCAL_TIME),
        file_type: 'application/pdf',
      });
    });

    it('refuses a missing file, a blacklisted double extension, a type off the whitelist, spoofed bytes', async () => {
      const before = await rows();
      expectError(await upload(ownerToken, { page_id: page.id }), 10101, '未找到上传文件');
      expectError(await upload(ownerToken, {}, file('a.php.jpg', PNG)), 10101, '禁止上传该文件类型');
      expectError(await upload(ownerToken, {}, file('shell.PHTML', PHP)), 10101, '禁止上传该文件类型');
      expectError(await upload(adminToken, {}, file('a.jsp', PHP)), 10101, '禁止上传该文件类型');
      expectError(
        await upload(ownerToken, {}, file('tool.exe', Buffer.from('MZ\x90\x00'))),
        10101,
        '不支持上传该文件类型。可将文件压缩成 zip/rar 等压缩包后上传，或联系网站管理员',
      );
      expectError(await upload(ownerToken, {}, file('photo.png', PHP)), 10101, '文件内容与扩展名不符');
      expectError(await upload(ownerToken, {}, file('notes.txt', PNG)), 10101, '文件内容与扩展名不符');
      expect(await rows()).toBe(before);
    });

    it('keeps only the last part of a traversal name and stores under a key of its own', async () => {
      const answer = await upload(ownerToken, {}, file('../../../etc/cron.d/evil.txt', Buffer.from('x')));
      expect(answer.body.success).toBe(1);
      const stored = await server.db.orm.em
        .fork()
        .findOneOrFail(Attachment, { sign: signOf(answer.body.url) });
      expect(stored.displayName).toBe('evil.txt');
      expect(stored.storageKey).toMatch(/^local:\d{4}-\d\d\/[0-9a-f]{32}$/);
      for (const f of storedFiles(uploads())) expect(f.startsWith(uploads())).toBe(true);
    });

    it('refuses a file over the limit while it streams, leaving no row and no object', async () => {
      await setSettings(server, { upload_limit_mb: '1' });
      try {
        const before = { rows: await rows(), objects: storedFiles(uploads()).length };
        const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
        expectError(await upload(ownerToken, {}, file('big.png', big)), 10101, '文件大小超过限制');
        expect(await rows()).toBe(before.rows);
        expect(storedFiles(uploads())).toHaveLength(before.objects);
        // The connection survives: the next upload on the same server works.
        expect((await upload(ownerToken, {}, file('small.png', PNG))).body.success).toBe(1);
      } finally {
        await setSettings(server, { upload_limit_mb: '4' });
      }
    });

    it('needs edit rights on the page and a login', async () => {
      expectError(await upload(readerToken, { page_id: page.id }, file('a.png', PNG)), 10101, '没有编辑权限');
      expectError(await upload(scopedToken, { page_id: outsidePage.id }, file('a.png', PNG)), 10101);
      expectError(await upload(strangerToken, { item_id: item.id }, file('a.png', PNG)), 10101);
      expectError(await post('page/upload', multipart({}, file('a.png', PNG))), 10102);
      expect((await upload(scopedToken, { page_id: page.id }, file('ok.png', PNG))).body.success).toBe(1);
    });
  });

  describe('page/uploadImg', () => {
    const image = (token: string, name: string, data: Buffer, fields: Record<string, string | number> = {}) =>
      post(
        'page/uploadImg',
        multipart({ user_token: token, ...fields }, { field: 'editormd-image-file', name, data }),
      );

    it('stores an editor image and names a pasted blob by its bytes', async () => {
      const answer = await image(ownerToken, 'shot.gif', GIF, { item_id: item.id, page_id: page.id });
      expect(answer.body).toEqual({ url: expect.stringMatching(SIGN_URL), success: 1 });
      const pasted = await image(ownerToken, 'blob', PNG);
      expect(pasted.body.success).toBe(1);
      const stored = await server.db.orm.em
        .fork()
        .findOneOrFail(Attachment, { sign: signOf(pasted.body.url) });
      expect(stored.displayName).toBe('blob.png');
    });

    it('answers {message, success: 0} for refusals and the envelope without a login', async () => {
      expect((await image(ownerToken, 'doc.pdf', pdf())).body).toEqual({
        message: '图片仅支持 jpg、jpeg、gif、png、bmp、webp 格式',
        success: 0,
      });
      expect((await image(ownerToken, 'x.php.png', PNG)).body).toEqual({
        message: '禁止上传该文件类型',
        success: 0,
      });
      expect((await post('page/uploadImg', multipart({ user_token: ownerToken }))).body).toEqual({
        message: '未找到上传文件',
        success: 0,
      });
      expectError(
        await post(
          'page/uploadImg',
          multipart({}, { field: 'editormd-image-file', name: 'a.png', data: PNG }),
        ),
        10102,
      );
    });
  });

  describe('page/uploadList', () => {
    it('asks for a saved page, and refuses pages outside a member scope', async () => {
      expectError(
        await server.form(api('page/uploadList'), { user_token: ownerToken, page_id: 0 }),
        10103,
        '请至少先保存一次页面内容',
      );
      await upload(ownerToken, { page_id: outsidePage.id }, file('outside.txt', Buffer.from('o')));
      expectError(
        await server.form(api('page/uploadList'), { user_token: scopedToken, page_id: outsidePage.id }),
        10101,
        '您没有访问权限',
      );
      expect(
        expectOk(
          await server.form(api('page/uploadList'), { user_token: readerToken, page_id: outsidePage.id }),
        ).length,
      ).toBe(1);
      expectError(
        await server.form(api('page/uploadList'), { user_token: strangerToken, page_id: page.id }),
        10101,
      );
    });
  });

  describe('visitFile', () => {
    let imageUrl: string, svgUrl: string, docUrl: string;
    beforeAll(async () => {
      imageUrl = (await upload(ownerToken, { page_id: page.id }, file('pic.png', PNG))).body.url;
      svgUrl = (await upload(adminToken, { page_id: openPage.id }, file('draw.svg', SVG_WITH_SCRIPT))).body
        .url;
      docUrl = (
        await upload(ownerToken, { page_id: openPage.id }, file('报告 100%.txt', Buffer.from('0123456789')))
      ).body.url;
    });

    it('serves images inline with their sniffed type and safe headers', async () => {
      const response = await fetch(`${server.url}${visitPath(imageUrl)}&user_token=${readerToken}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toMatch(/^inline; /);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    });

    it('serves SVG and everything else as a download with the UTF-8 name', async () => {
      const svg = await fetch(server.url + visitPath(svgUrl));
      expect(svg.status).toBe(200);
      expect(svg.headers.get('content-type')).toBe('application/octet-stream');
      expect(svg.headers.get('content-disposition')).toBe(
        `attachment; filename="draw.svg"; filename*=UTF-8''draw.svg`,
      );
      const doc = await fetch(server.url + visitPath(docUrl));
      expect(doc.headers.get('content-disposition')).toBe(
        `attachment; filename="__ 100_.txt"; filename*=UTF-8''${encodeURIComponent('报告 100%.txt')}`,
      );
      expect(await doc.text()).toBe('0123456789');
    });

    it('answers ranges, ETag revalidation and HEAD', async () => {
      const url = server.url + visitPath(docUrl);
      const part = await fetch(url, { headers: { range: 'bytes=2-5' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
      expect(await part.text()).toBe('2345');
      expect((await fetch(url, { headers: { range: 'bytes=20-' } })).status).toBe(416);
      const etag = part.headers.get('etag')!;
      expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.headers.get('content-length')).toBe('10');
    });

    it('keeps files of a private item from strangers, and serves read-only members', async () => {
      const visit = (token?: string) =>
        fetch(`${server.url}${visitPath(imageUrl)}${token ? `&user_token=${token}` : ''}`);
      for (const answer of [await visit(), await visit(strangerToken)]) {
        expect(answer.status).toBe(200);
        expect(await answer.text()).toBe('www.showdoc.com.cn');
      }
      expect((await visit(readerToken)).headers.get('content-type')).toBe('image/png');
      const withPassword = await fetch(`${server.url}${visitPath(imageUrl)}&_item_pwd=secret`);
      expect(withPassword.headers.get('content-type')).toBe('image/png');
    });

    it('keeps a scoped member from files of pages outside the scope', async () => {
      const outsideUrl = (await upload(ownerToken, { page_id: outsidePage.id }, file('o.png', PNG))).body.url;
      const answer = await fetch(`${server.url}${visitPath(outsideUrl)}&user_token=${scopedToken}`);
      expect(await answer.text()).toBe('www.showdoc.com.cn');
    });

    it("answers ShowDoc's 404 for an empty sign and its text for an unknown one, on common/visitFile too", async () => {
      const empty = await call(server, api('attachment/visitFile'));
      expect(empty.status).toBe(404);
      expect(empty.text).toBe('');
      const unknown = await call(server, api('common/visitFile', `sign=${'0'.repeat(32)}`));
      expect(unknown.status).toBe(200);
      expect(unknown.text).toBe('www.showdoc.com.cn');
      const byPath = await fetch(`${server.url}/server/api/common/visitFile/sign/${signOf(docUrl)}`);
      expect(await byPath.text()).toBe('0123456789');
    });

    it("counts visits and the uploader's traffic of the month", async () => {
      const before = expectOk(
        await server.form(api('attachment/getMyList'), { user_token: ownerToken, display_name: '报告' }),
      );
      await fetch(server.url + visitPath(docUrl));
      const after = expectOk(
        await server.form(api('attachment/getMyList'), { user_token: ownerToken, display_name: '报告' }),
      );
      expect(after.list[0].visit_times).toBe(before.list[0].visit_times + 1);
      expect(after.list[0].last_visit_time).toMatch(LOCAL_TIME);
      expect(after.used_flow_m).toBe(0); // 10 bytes: 0.00001 MB rounds to 0
      const flow = await server.db.orm.em.fork().findOneOrFail(FileFlow, { user: owner.id });
      expect(Number(flow.used)).toBeGreaterThanOrEqual(10);
    });
  });

  describe('my attachments', () => {
    it("lists my files with ShowDoc's shape, filtered by type and name", async () => {
      const data = expectOk(
        await server.form(api('attachment/getMyList'), { user_token: ownerToken, page: 1, count: 5 }),
      );
      expect(Object.keys(data).sort()).toEqual(['list', 'total', 'used', 'used_flow_m', 'used_m']);
      expect(data.list.length).toBeLessThanOrEqual(5);
      expect(data.total).toBeGreaterThan(5);
      expect(Object.keys(data.list[0])).toEqual([
        'file_id',
        'uid',
        'file_type',
        'visit_times',
        'file_size',
        'item_id',
        'page_id',
        'file_size_m',
        'display_name',
        'url',
        'addtime',
        'last_visit_time',
      ]);
      expect(data.list[0].uid).toBe(owner.id);
      const images = expectOk(
        await server.form(api('attachment/getMyList'), {
          user_token: ownerToken,
          attachment_type: 1,
          count: 100,
        }),
      );
      expect(images.list.every((f: { file_type: string }) => f.file_type.includes('image'))).toBe(true);
      const others = expectOk(
        await server.form(api('attachment/getMyList'), {
          user_token: ownerToken,
          attachment_type: 2,
          count: 100,
        }),
      );
      expect(others.list.every((f: { file_type: string }) => !f.file_type.includes('image'))).toBe(true);
      expect(images.total + others.total).toBe(data.total);
    });

    it('binds a file to another page, unbinds it, then deletes it with its object', async () => {
      const url = (await upload(ownerToken, { page_id: page.id }, file('bind.png', PNG))).body.url;
      const em = server.db.orm.em.fork();
      const stored = await em.findOneOrFail(Attachment, { sign: signOf(url) });
      expectOk(
        await server.form(api('attachment/bindingPage'), {
          user_token: ownerToken,
          file_id: stored.id,
          page_id: secondPage.id,
        }),
      );
      expect(await em.count(AttachmentPage, { attachment: stored.id })).toBe(2);
      expectError(
        await server.form(api('attachment/bindingPage'), {
          user_token: readerToken,
          file_id: stored.id,
          page_id: secondPage.id,
        }),
        10101,
        '文件不存在或无权操作',
      );
      expectError(
        await server.form(api('attachment/bindingPage'), { user_token: ownerToken, file_id: 0, page_id: 0 }),
        10101,
        '参数错误',
      );

      // On two pages: only this page's link goes.
      expectOk(
        await server.form(api('page/deleteUploadFile'), {
          user_token: ownerToken,
          file_id: stored.id,
          page_id: secondPage.id,
        }),
      );
      expect(await em.count(AttachmentPage, { attachment: stored.id })).toBe(1);
      // On one page: the file goes, for its uploader only.
      expectError(
        await server.form(api('page/deleteUploadFile'), {
          user_token: readerToken,
          file_id: stored.id,
          page_id: page.id,
        }),
        10101,
        '文件不存在或无权删除',
      );
      const objects = storedFiles(uploads()).length;
      expectOk(
        await server.form(api('page/deleteUploadFile'), {
          user_token: ownerToken,
          file_id: stored.id,
          page_id: page.id,
        }),
      );
      expect(await em.fork().count(Attachment, { id: stored.id })).toBe(0);
      expect(storedFiles(uploads())).toHaveLength(objects - 1);
    });

    it('deletes only my own files', async () => {
      const url = (await upload(ownerToken, {}, file('mine.png', PNG))).body.url;
      const stored = await server.db.orm.em.fork().findOneOrFail(Attachment, { sign: signOf(url) });
      expectError(
        await server.form(api('attachment/deleteMyAttachment'), {
          user_token: strangerToken,
          file_id: stored.id,
        }),
        10101,
        '文件不存在或无权删除',
      );
      expectOk(
        await server.form(api('attachment/deleteMyAttachment'), {
          user_token: ownerToken,
          file_id: stored.id,
        }),
      );
      expect(await call(server, api('attachment/visitFile', `sign=${stored.sign}`)).then((a) => a.text)).toBe(
        'www.showdoc.com.cn',
      );
    });
  });

  describe('admin attachments', () => {
    it('refuses non-administrators', async () => {
      for (const route of ['getAllList', 'deleteAttachment', 'getUnusedList', 'batchDeleteAttachments']) {
        expectError(
          await server.form(api(`attachment/${route}`), {
            user_token: ownerToken,
            file_id: 1,
            file_ids: '1',
          }),
          10103,
          '您没有管理员权限',
        );
      }
    });

    it("lists everyone's files by uploader and name, with used space", async () => {
      const data = expectOk(
        await server.form(api('attachment/getAllList'), {
          user_token: adminToken,
          username: owner.username,
          count: 100,
        }),
      );
      expect(Object.keys(data).sort()).toEqual(['list', 'total', 'used', 'used_m']);
      expect(data.list.every((f: { username: string }) => f.username === owner.username)).toBe(true);
      expect(data.list[0]).toHaveProperty('username');
      const byName = expectOk(
        await server.form(api('attachment/getAllList'), { user_token: adminToken, display_name: 'draw' }),
      );
      expect(byName.list.map((f: { display_name: string }) => f.display_name)).toEqual(['draw.svg']);
    });

    it('lists unused files and deletes them in a batch', async () => {
      const url = (await upload(strangerToken, {}, file('lonely.png', PNG))).body.url;
      const stored = await server.db.orm.em.fork().findOneOrFail(Attachment, { sign: signOf(url) });
      const unused = expectOk(
        await server.form(api('attachment/getUnusedList'), { user_token: adminToken, count: 100 }),
      );
      expect(Object.keys(unused).sort()).toEqual(['list', 'total']);
      const row = unused.list.find((f: { file_id: number }) => f.file_id === stored.id);
      expect(row).toEqual({
        file_id: stored.id,
        display_name: 'lonely.png',
        file_size: PNG.length,
        file_size_m: expect.any(Number),
        addtime: expect.stringMatching(LOCAL_TIME),
        username: stranger.username,
        uid: stranger.id,
      });
      // Bound to a live page: used.
      expect(unused.list.some((f: { display_name: string }) => f.display_name === 'pic.png')).toBe(false);
      expect(
        expectOk(
          await server.form(api('attachment/batchDeleteAttachments'), {
            user_token: adminToken,
            file_ids: `${stored.id},999999`,
          }),
        ),
      ).toEqual({ success: 1, failed: 1 });
      expect(await server.db.orm.em.fork().count(Attachment, { id: stored.id })).toBe(0);
    });

    it('deletes any file', async () => {
      const url = (await upload(strangerToken, {}, file('any.png', PNG))).body.url;
      const stored = await server.db.orm.em.fork().findOneOrFail(Attachment, { sign: signOf(url) });
      expectOk(
        await server.form(api('attachment/deleteAttachment'), { user_token: adminToken, file_id: stored.id }),
      );
      expectError(
        await server.form(api('attachment/deleteAttachment'), { user_token: adminToken, file_id: stored.id }),
        10101,
      );
    });
  });

  it('answers attachment/index', async () => {
    expect(expectOk(await server.form(api('attachment/index')))).toEqual({ status: 'ok' });
  });
});

/** A minimal PDF: the signature is all the sniffer needs. */
function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
}
