// Permission-matrix rows for files (issue #16): who may list, read, upload, bind and unbind the files of
// page B (catalog B: outside the scoped members' catalog A), through GraphQL with `/api/files` and
// `/files/{sign}`, and through ShowDoc's attachment endpoints.
import crypto from 'node:crypto';
import { expect } from '@jest/globals';
import { Attachment, AttachmentPage, Item, Page, User } from '../db/src';
import { VISITOR_COOKIE } from '../server/src/server';
import { multipart, PNG } from './support/files';
import {
  EDIT_WHOLE,
  READ_WHOLE,
  agree,
  gql,
  gqlOutcome,
  rest,
  restOutcome,
  write,
  type Actor,
  type ItemFixture,
  type Matrix,
  type Operation,
} from './permission-matrix.support';

/** The cookie or bearer token GraphQL would see from the actor. */
function quireHeaders(a: Actor): Record<string, string> {
  const headers: Record<string, string> = {};
  if (a.token) headers.authorization = `Bearer ${a.token}`;
  if (a.visitorCookie) headers.cookie = `${VISITOR_COOKIE}=${a.visitorCookie}`;
  return headers;
}

/** A multipart upload to ShowDoc's dialect as the actor (token header, `_item_pwd` field). */
async function restUpload(m: Matrix, a: Actor, route: string, field: string, fields: Record<string, number>) {
  const all: Record<string, string | number> = { ...fields };
  if (a.visitPassword) all._item_pwd = a.visitPassword;
  const response = await fetch(`${m.server.url}/server/index.php?s=/api/${route}`, {
    method: 'POST',
    headers: a.token ? { 'x-api-token': a.token } : {},
    body: multipart(all, { field, name: 'matrix.png', data: PNG }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** `/api/files` as the actor; true when the file was stored. */
async function quireUpload(
  m: Matrix,
  a: Actor,
  fields: Record<string, string | number>,
): Promise<number | null> {
  const response = await fetch(`${m.server.url}/api/files`, {
    method: 'POST',
    headers: quireHeaders(a),
    body: multipart(fields, { field: 'file', name: 'matrix.png', data: PNG }),
  });
  expect(response.status).toBeLessThan(500);
  const body = (await response.json()) as { id?: number };
  return response.ok && body.id ? body.id : null;
}

const filesOfPage = (m: Matrix, pageId: number) => m.em().count(AttachmentPage, { page: pageId });

/**
 * A file of the owner on page B of the fixture (and, for unbinding, on its root page too): stored once
 * through `/api/files` on the main item; the archived item, which takes no uploads, gets rows pointing at
 * the same stored bytes.
 */
async function ownerFileOn(m: Matrix, fixture: ItemFixture, pages: Page[]): Promise<Attachment> {
  const em = m.em();
  const stored = await quireUpload(m, m.actors.owner, {});
  if (!stored) throw new Error('the owner could not upload');
  const source = await em.findOneOrFail(Attachment, { id: stored });
  const file =
    fixture === m.main
      ? source
      : em.create(Attachment, {
          sign: crypto.randomBytes(16).toString('hex'),
          displayName: source.displayName,
          fileType: source.fileType,
          fileSize: source.fileSize,
          uploader: em.getReference(User, m.owner.id),
          item: em.getReference(Item, fixture.item.id),
          storageKey: source.storageKey,
        });
  for (const page of pages) {
    em.persist(
      em.create(AttachmentPage, {
        attachment: file,
        item: em.getReference(Item, fixture.item.id),
        page: em.getReference(Page, page.id),
      }),
    );
  }
  await em.persist(file).flush();
  return file;
}

const fileFixtures = new WeakMap<ItemFixture, Attachment>();
async function fileOnPageB(m: Matrix, fixture: ItemFixture): Promise<Attachment> {
  let file = fileFixtures.get(fixture);
  if (!file) fileFixtures.set(fixture, (file = await ownerFileOn(m, fixture, [fixture.pageB])));
  return file;
}

export const FILE_OPERATIONS: Operation[] = [
  {
    // ShowDoc's list needs a login (compat-api §11.4): a visitor with the password reads it through
    // GraphQL only.
    name: 'files of page B',
    allow: READ_WHOLE,
    restAllow: READ_WHOLE.filter((a) => a !== 'anonymous with visit password'),
    covers: ['Page/uploadList', 'Attachment/pageAttachmentUploadList'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      await fileOnPageB(m, m.target(a));
      const answer = await gql(m, a, 'query($id: Int!) { page(id: $id) { attachments { id } } }', {
        id: pageB.id,
      });
      return gqlOutcome(answer);
    },
    rest: async (m, a) => {
      const { pageB } = m.target(a);
      await fileOnPageB(m, m.target(a));
      return agree([
        restOutcome(await rest(m, a, 'page/uploadList', { page_id: pageB.id })),
        restOutcome(await rest(m, a, 'attachment/pageAttachmentUploadList', { page_id: pageB.id })),
      ]);
    },
  },
  {
    name: 'read a file of page B by its address',
    allow: READ_WHOLE,
    covers: ['Attachment/visitFile'],
    graphql: async (m, a) => {
      const file = await fileOnPageB(m, m.target(a));
      const response = await fetch(`${m.server.url}/files/${file.sign}/x.png`, { headers: quireHeaders(a) });
      expect([200, 404]).toContain(response.status);
      return response.status === 200;
    },
    rest: async (m, a) => {
      const file = await fileOnPageB(m, m.target(a));
      const query = new URLSearchParams({ sign: file.sign });
      if (a.visitPassword) query.set('_item_pwd', a.visitPassword);
      const response = await fetch(`${m.server.url}/server/index.php?s=/api/attachment/visitFile&${query}`, {
        headers: a.token ? { 'x-api-token': a.token } : {},
      });
      expect(response.status).toBe(200);
      // ShowDoc's answer for a sign it does not know; a file the caller may not read looks the same.
      return (await response.text()) !== 'www.showdoc.com.cn';
    },
  },
  {
    name: 'upload a file to page B',
    allow: EDIT_WHOLE,
    covers: ['Page/upload', 'Attachment/attachmentUpload'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      return write(
        () => filesOfPage(m, pageB.id),
        async () => (await quireUpload(m, a, { pageId: pageB.id })) !== null,
      );
    },
    rest: async (m, a) => {
      const { item, pageB } = m.target(a);
      return write(
        () => filesOfPage(m, pageB.id),
        async () => {
          const fields = { page_id: pageB.id, item_id: item.id };
          const outcome = (answer: { body: Record<string, unknown> }) =>
            answer.body.success === 1 ? true : restOutcome({ status: 200, body: answer.body });
          return agree([
            outcome(await restUpload(m, a, 'page/upload', 'file', fields)),
            outcome(await restUpload(m, a, 'attachment/attachmentUpload', 'file', fields)),
          ]);
        },
      );
    },
  },
  {
    name: 'upload an editor image to page B',
    allow: EDIT_WHOLE,
    covers: ['Page/uploadImg', 'Attachment/uploadImg'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      return write(
        () => filesOfPage(m, pageB.id),
        async () => (await quireUpload(m, a, { pageId: pageB.id, kind: 'image' })) !== null,
      );
    },
    rest: async (m, a) => {
      const { item, pageB } = m.target(a);
      return write(
        () => filesOfPage(m, pageB.id),
        async () => {
          const fields = { page_id: pageB.id, item_id: item.id };
          // `{message, success: 0}` for refusals; the 10102 envelope without a login.
          const outcome = (answer: { body: Record<string, unknown> }) => {
            if ('error_code' in answer.body) return restOutcome({ status: 200, body: answer.body });
            expect([0, 1]).toContain(answer.body.success);
            return answer.body.success === 1;
          };
          return agree([
            outcome(await restUpload(m, a, 'page/uploadImg', 'editormd-image-file', fields)),
            outcome(await restUpload(m, a, 'attachment/uploadImg', 'editormd-image-file', fields)),
          ]);
        },
      );
    },
  },
  {
    // Each signed-in actor binds a file of their own (visitors have none: they try the owner's).
    name: "bind one's own file to page B",
    allow: EDIT_WHOLE,
    covers: ['Mutation.bindAttachment', 'Attachment/bindingPage'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      const fileId = (a.user && (await quireUpload(m, a, {}))) || (await ownerFileOn(m, m.target(a), [])).id;
      return write(
        () => filesOfPage(m, pageB.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($f: Int!, $p: Int!) { bindAttachment(fileId: $f, pageId: $p) }', {
              f: fileId,
              p: pageB.id,
            }),
          ),
      );
    },
    rest: async (m, a) => {
      const { pageB } = m.target(a);
      const fileId = (a.user && (await quireUpload(m, a, {}))) || (await ownerFileOn(m, m.target(a), [])).id;
      return write(
        () => filesOfPage(m, pageB.id),
        async () =>
          restOutcome(await rest(m, a, 'attachment/bindingPage', { file_id: fileId, page_id: pageB.id })),
      );
    },
  },
  {
    // A file on two pages only leaves page B (ShowDoc's deleteUploadFile does the same).
    name: 'take a file off page B',
    allow: EDIT_WHOLE,
    covers: ['Mutation.unbindAttachment', 'Page/deleteUploadFile', 'Attachment/deletePageUploadFile'],
    graphql: async (m, a) => {
      const fixture = m.target(a);
      const file = await ownerFileOn(m, fixture, [fixture.pageB, fixture.pageRoot]);
      return write(
        () => filesOfPage(m, fixture.pageB.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($f: Int!, $p: Int!) { unbindAttachment(fileId: $f, pageId: $p) }', {
              f: file.id,
              p: fixture.pageB.id,
            }),
          ),
      );
    },
    rest: async (m, a) => {
      const fixture = m.target(a);
      const one = await ownerFileOn(m, fixture, [fixture.pageB, fixture.pageRoot]);
      const two = await ownerFileOn(m, fixture, [fixture.pageB, fixture.pageRoot]);
      return write(
        () => filesOfPage(m, fixture.pageB.id),
        async () =>
          agree([
            restOutcome(
              await rest(m, a, 'page/deleteUploadFile', { file_id: one.id, page_id: fixture.pageB.id }),
            ),
            restOutcome(
              await rest(m, a, 'attachment/deletePageUploadFile', {
                file_id: two.id,
                page_id: fixture.pageB.id,
              }),
            ),
          ]),
      );
    },
  },
];

/** Attachment calls no item permission decides: one's own files, and the site administrators' panel. */
export const FILES_NOT_PERMISSION_SCOPED: Record<string, string> = {
  'Attachment/getMyList': "the caller's own files",
  'Attachment/deleteMyAttachment': "the caller's own files (uploader only)",
  'Attachment/getAllList': 'site administrators only (attachment panel)',
  'Attachment/deleteAttachment': 'site administrators only (attachment panel)',
  'Attachment/getUnusedList': 'site administrators only (attachment panel)',
  'Attachment/batchDeleteAttachments': 'site administrators only (attachment panel)',
  'Attachment/index': 'a constant answer',
};
