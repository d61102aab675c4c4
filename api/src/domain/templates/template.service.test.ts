import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, Template, TemplateItem, type User } from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { buildItem, buildMember, buildUser, viewerOf } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';
import type { Services } from '../services';
import type { Viewer } from '../viewer';

describe.each(testDatabases())('page templates on $name', (target) => {
  let db: TestDb;
  let author: User, editor: User, reader: User, other: User;

  beforeAll(async () => {
    db = await openTestDb(target, 'templates');
    const em = db.services().em;
    author = await buildUser(em);
    editor = await buildUser(em);
    reader = await buildUser(em);
    other = await buildUser(em);
  });
  afterAll(async () => db?.close());

  async function as(user: User): Promise<{ s: Services; viewer: Viewer }> {
    const s = db.services();
    return { s, viewer: await viewerOf(s.em, user) };
  }

  /** Two items the author may edit (one owned, one as a member), with an editor and a reader on both. */
  async function setUp() {
    const em = db.services().em;
    const owned = await buildItem(em, author, { name: 'Owned' });
    const joined = await buildItem(em, other, { name: 'Joined' });
    const foreign = await buildItem(em, other, { name: 'Foreign' });
    buildMember(em, joined, author, MemberGroup.Edit);
    for (const item of [owned, joined]) {
      buildMember(em, item, editor, MemberGroup.Edit);
      buildMember(em, item, reader, MemberGroup.ReadOnly);
    }
    await em.flush();
    return { owned, joined, foreign };
  }

  it('keeps templates as written, newest first, and edits only the owner’s', async () => {
    const { s, viewer } = await as(author);
    const first = await s.templates.save(viewer, { title: ' API doc ', content: '<b>"x"</b> & y' });
    const second = await s.templates.save(viewer, { title: 'Table', content: '| a |' });
    expect([first.title, first.content]).toEqual(['API doc', '<b>"x"</b> & y']);
    const mine = await s.templates.mine(viewer);
    expect(mine.slice(0, 2).map((t) => t.template.id)).toEqual([second.id, first.id]);
    const renamed = await s.templates.save(viewer, { id: first.id, title: 'API', content: 'new' });
    expect([renamed.id, renamed.title]).toEqual([first.id, 'API']);
    await expectCode(s.templates.save(viewer, { title: '  ', content: 'x' }), 'TemplateTitleRequired');
    const o = await as(other);
    await expectCode(
      o.s.templates.save(o.viewer, { id: first.id, title: 'Mine now', content: '' }),
      'TemplateDenied',
    );
    expect((await o.s.templates.mine(o.viewer)).map((t) => t.template.id)).not.toContain(first.id);
  });

  it('shares to items the owner may edit, where editors see it with its sharer', async () => {
    const { owned, joined, foreign } = await setUp();
    const { s, viewer } = await as(author);
    const template = await s.templates.save(viewer, { title: 'Shared', content: 'body' });
    const { shares } = await s.templates.shareToItems(viewer, template.id, [owned.id, joined.id, owned.id]);
    expect(shares.map((x) => x.item.name)).toEqual(['Owned', 'Joined']);

    const e = await as(editor);
    const seen = await e.s.templates.forItem(e.viewer, joined.id);
    expect(seen.map((x) => [x.template.title, x.template.content, x.sharedBy.username])).toEqual([
      ['Shared', 'body', author.username],
    ]);
    expect(seen[0]!.createdAt).toBeInstanceOf(Date);
    const r = await as(reader);
    const denied = await expectCode(r.s.templates.forItem(r.viewer, joined.id), 'TemplateDenied');
    expect(denied.info.showdoc).toBe(10103);
    await expectCode(r.s.templates.forItem(r.viewer, 0), 'ItemIdRequired');

    // An item the owner may not edit refuses the whole change: the earlier shares stay as they were.
    const refused = await expectCode(
      s.templates.shareToItems(viewer, template.id, [owned.id, foreign.id]),
      'TemplateDenied',
    );
    expect(refused.localized('zh')).toBe(`项目 ${foreign.id} 没有权限`);
    expect((await s.templates.sharesOf(viewer, template.id)).map((x) => x.item.id)).toEqual([
      owned.id,
      joined.id,
    ]);

    // Exactly the given items afterwards.
    await s.templates.shareToItems(viewer, template.id, [joined.id]);
    expect((await e.s.templates.forItem(e.viewer, owned.id)).map((x) => x.template.id)).not.toContain(
      template.id,
    );
    const o = await as(other);
    await expectCode(o.s.templates.shareToItems(o.viewer, template.id, [joined.id]), 'TemplateDenied');
    await expectCode(o.s.templates.sharesOf(o.viewer, template.id), 'TemplateDenied');
  });

  it('lets only the owner delete a template, which ends its shares', async () => {
    const { owned } = await setUp();
    const { s, viewer } = await as(author);
    const template = await s.templates.save(viewer, { title: 'Doomed', content: '' });
    await s.templates.shareToItems(viewer, template.id, [owned.id]);
    const o = await as(other);
    await expectCode(o.s.templates.delete(o.viewer, template.id), 'TemplateDenied');
    await expectCode(o.s.templates.delete(o.viewer, 999_999), 'TemplateDenied');
    await s.templates.delete(viewer, template.id);
    const em = db.services().em;
    expect(await em.count(Template, { id: template.id })).toBe(0);
    expect(await em.count(TemplateItem, { template: template.id })).toBe(0);
  });
});
