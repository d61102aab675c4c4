// Permission-matrix rows for spreadsheet items' files (issue #20): who may download a spreadsheet item as
// .xlsx or one sheet as CSV, and who may replace its sheets with an uploaded workbook, through
// `/api/sheets/{itemId}/...` (authenticated as GraphQL is). ShowDoc has no such calls (its grid did this in
// the browser), so each row has that one door.
//
// The rows target a spreadsheet item of their own with the main item's visit password, members, team and
// owner (`m.freshItem`); the archived item's owner targets an archived one. A spreadsheet item has no
// catalogs, so the scoped members hold their rights on the whole of it: they read and write like the
// unscoped members of their group.
import { expect } from '@jest/globals';
import ExcelJS from 'exceljs';
import { Item, ItemType, Page, User } from '../db/src';
import { VISITOR_COOKIE } from '../server/src/server';
import { multipart } from './support/files';
import {
  EDIT_SCOPED,
  READ_SCOPED,
  graphqlCall,
  unique,
  write,
  VISIT_PASSWORD,
  type Actor,
  type Matrix,
  type Operation,
} from './permission-matrix.support';
import { TEST_CAPTCHA } from './support/server';

const ONE_DOOR = 'ShowDoc has no spreadsheet file calls: its grid imported and exported in the browser';

/** Reads of a spreadsheet item: every visit right (scoped members are whole-item members here). */
const SHEET_READ = READ_SCOPED;
/** Writes: every edit right on the active item (the archived item takes no import). */
const SHEET_EDIT = EDIT_SCOPED;

const SHEET_CONTENT = JSON.stringify([
  { name: 'matrix', merges: [], rows: { len: 800, 0: { cells: { 0: { text: 'matrix cell' } } } } },
]);

interface SheetFixture {
  item: Item;
  page: Page;
}

async function buildSheetItem(m: Matrix, archived: boolean): Promise<SheetFixture> {
  const item = await m.freshItem(archived);
  const em = m.em();
  await em.nativeUpdate(Item, { id: item.id }, { type: ItemType.Spreadsheet });
  const page = em.create(Page, {
    title: 'matrix spreadsheet',
    content: SHEET_CONTENT,
    item: em.getReference(Item, item.id),
    catalog: null,
    author: em.getReference(User, m.owner.id),
    authorName: m.owner.username,
  });
  await em.persist(page).flush();
  if (!archived) {
    // The visitor's browser session unlocks this item too, as it unlocked the main one.
    const unlocked = await graphqlCall(
      m.server,
      { visitorCookie: m.actors['anonymous with visit password'].visitorCookie },
      `mutation($id: Int!, $pw: String!, $c: String!) {
        unlockItem(itemId: $id, password: $pw, captchaId: 0, captcha: $c) { id } }`,
      { id: item.id, pw: VISIT_PASSWORD, c: TEST_CAPTCHA },
    );
    if (unlocked.errors) throw new Error(`unlockItem failed: ${JSON.stringify(unlocked.errors)}`);
  }
  return { item, page };
}

const sheetItems = new WeakMap<Matrix, Promise<{ active: SheetFixture; archived: SheetFixture }>>();
async function sheetItemOf(m: Matrix, a: Actor): Promise<SheetFixture> {
  let both = sheetItems.get(m);
  if (!both) {
    both = (async () => ({
      active: await buildSheetItem(m, false),
      archived: await buildSheetItem(m, true),
    }))();
    sheetItems.set(m, both);
  }
  const fixtures = await both;
  return a.archived ? fixtures.archived : fixtures.active;
}

/** The cookie or bearer token GraphQL would see from the actor. */
function quireHeaders(a: Actor): Record<string, string> {
  const headers: Record<string, string> = {};
  if (a.token) headers.authorization = `Bearer ${a.token}`;
  if (a.visitorCookie) headers.cookie = `${VISITOR_COOKIE}=${a.visitorCookie}`;
  return headers;
}

/**
 * An `/api/sheets` answer: true for a 2xx; a refusal is a 4xx with a code and a message (400 for an
 * archived item, as `/api/files` answers), never a 500.
 */
async function sheetOutcome(response: Response, contentType?: RegExp): Promise<boolean> {
  expect(response.status).toBeLessThan(500);
  if (response.ok) {
    if (contentType) expect(response.headers.get('content-type') ?? '').toMatch(contentType);
    await response.arrayBuffer();
    return true;
  }
  expect([400, 401, 403, 404]).toContain(response.status);
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code).toBe('string');
  expect(typeof body.error?.message).toBe('string');
  return false;
}

const pageVersionOf = async (m: Matrix, pageId: number) =>
  (await m.em().findOneOrFail(Page, { id: pageId })).version;

async function workbook(text: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Imported').getCell('A1').value = text;
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const SHEET_OPERATIONS: Operation[] = [
  {
    name: 'download a spreadsheet item as xlsx',
    allow: SHEET_READ,
    oneDoor: ONE_DOOR,
    covers: [],
    graphql: async (m, a) => {
      const { item } = await sheetItemOf(m, a);
      const response = await fetch(`${m.server.url}/api/sheets/${item.id}/xlsx`, {
        headers: quireHeaders(a),
      });
      return sheetOutcome(response, /spreadsheetml/);
    },
  },
  {
    name: 'download a sheet of a spreadsheet item as CSV',
    allow: SHEET_READ,
    oneDoor: ONE_DOOR,
    covers: [],
    graphql: async (m, a) => {
      const { item } = await sheetItemOf(m, a);
      const response = await fetch(`${m.server.url}/api/sheets/${item.id}/csv?sheet=0`, {
        headers: quireHeaders(a),
      });
      return sheetOutcome(response, /text\/csv/);
    },
  },
  {
    name: 'import an xlsx workbook into a spreadsheet item',
    allow: SHEET_EDIT,
    oneDoor: ONE_DOOR,
    covers: [],
    graphql: async (m, a) => {
      const { item, page } = await sheetItemOf(m, a);
      const data = await workbook(unique('imported'));
      return write(
        () => pageVersionOf(m, page.id),
        async () =>
          sheetOutcome(
            await fetch(`${m.server.url}/api/sheets/${item.id}/xlsx`, {
              method: 'POST',
              headers: quireHeaders(a),
              body: multipart({}, { field: 'file', name: 'matrix.xlsx', data }),
            }),
          ),
      );
    },
  },
];
