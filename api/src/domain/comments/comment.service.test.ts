import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { Message, MemberGroup, PageComment, type Item, type User } from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { expectCode } from '../../../../test/support/domain-errors';
import { buildItem, buildMember, buildPage, buildUser, viewerOf } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { afterCommit } from '../transaction';
import { COMMENT_MAX_CHARS } from './comment.service';

/** An item that allows comments, with one page written by its owner. */
async function commentedItem(em: EntityManager, owner: User, allow = true) {
  const item = await buildItem(em, owner);
  item.allowComment = allow;
  await em.flush();
  const page = await buildPage(em, item);
  return { item, page };
}

async function remindersOf(em: EntityManager, user: User) {
  return em.find(
    Message,
    { toUser: user.id, messageType: 'remind' },
    { populate: ['content'], orderBy: { id: 'asc' } },
  );
}

describe.each(testDatabases())('page comments on $name', (target) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await openTestDb(target, 'comments');
  }, 120_000);
  afterAll(async () => db?.close());

  async function member(item: Item, group: number): Promise<User> {
    const em = db.services().em;
    const user = await buildUser(em);
    buildMember(em, item, user, group);
    await em.flush();
    return user;
  }

  it('lists threads newest first with replies oldest first, two levels deep', async () => {
    const em = db.services().em;
    const owner = await buildUser(em);
    const { item, page } = await commentedItem(em, owner);
    const reader = await member(item, MemberGroup.ReadOnly);

    let s = db.services();
    const first = await s.comments.add(await viewerOf(s.em, reader), page.id, { content: 'First' });
    s = db.services();
    const second = await s.comments.add(await viewerOf(s.em, owner), page.id, { content: '  Second  ' });
    s = db.services();
    const reply = await s.comments.add(await viewerOf(s.em, owner), page.id, {
      content: 'A reply',
      parentId: first.id,
    });
    s = db.services();
    // A reply to a reply joins the thread of the top-level comment.
    await s.comments.add(await viewerOf(s.em, reader), page.id, { content: 'Deeper', parentId: reply.id });

    s = db.services();
    const list = await s.comments.list(await viewerOf(s.em, reader), page.id);
    expect(list.enabled).toBe(true);
    expect(list.canComment).toBe(true);
    expect(list.total).toBe(2);
    expect(list.comments.map((c) => c.comment.content)).toEqual(['Second', 'First']);
    expect(list.comments[0]!.comment.id).toBe(second.id);
    expect(list.comments[1]!.replies.map((r) => r.comment.content)).toEqual(['A reply', 'Deeper']);
    expect(list.comments[1]!.replies.every((r) => r.comment.parent?.id === first.id)).toBe(true);
    // The reader wrote "First" and may delete it; the owner's "Second" is not the reader's to delete.
    expect(list.comments[1]!.mine).toBe(true);
    expect(list.comments[1]!.canDelete).toBe(true);
    expect(list.comments[0]!.canDelete).toBe(false);
  });

  it('pages the top-level comments', async () => {
    const em = db.services().em;
    const owner = await buildUser(em);
    const { page } = await commentedItem(em, owner);
    for (const n of [1, 2, 3]) {
      const s = db.services();
      await s.comments.add(await viewerOf(s.em, owner), page.id, { content: `c${n}` });
    }
    const s = db.services();
    const second = await s.comments.list(await viewerOf(s.em, owner), page.id, { page: 2, count: 2 });
    expect(second.total).toBe(3);
    expect(second.comments.map((c) => c.comment.content)).toEqual(['c1']);
  });

  it('refuses comments on items that do not allow them, and lists nothing there', async () => {
    const em = db.services().em;
    const owner = await buildUser(em);
    const { page } = await commentedItem(em, owner, false);
    const s = db.services();
    const viewer = await viewerOf(s.em, owner);
    await expectCode(s.comments.add(viewer, page.id, { content: 'Hello' }), 'CommentsClosed');
    const list = await s.comments.list(viewer, page.id);
    expect(list).toMatchObject({ enabled: false, total: 0, comments: [] });
    expect(await s.em.count(PageComment, { page: page.id })).toBe(0);
  });

  it('takes 1 to 500 characters and nothing else', async () => {
    const em = db.services().em;
    const owner = await buildUser(em);
    const { page } = await commentedItem(em, owner);
    const s = db.services();
    const viewer = await viewerOf(s.em, owner);
    await expectCode(s.comments.add(viewer, page.id, { content: '   ' }), 'BadInput');
    await expectCode(
      s.comments.add(viewer, page.id, { content: 'x'.repeat(COMMENT_MAX_CHARS + 1) }),
      'BadInput',
    );
    // 500 Chinese characters are 500 characters, whatever their bytes.
    const longest = await s.comments.add(viewer, page.id, { content: '评'.repeat(COMMENT_MAX_CHARS) });
    expect(longest.content).toHaveLength(COMMENT_MAX_CHARS);
    expect(await s.em.count(PageComment, { page: page.id })).toBe(1);
  });

  it('refuses anonymous writers, outsiders, and replies to comments of another page', async () => {
    const em = db.services().em;
    const owner = await buildUser(em);
    const outsider = await buildUser(em);
    const { item, page } = await commentedItem(em, owner);
    item.password = 'secret';
    await em.flush();
    const other = await buildPage(em, item);
    let s = db.services();
    const onOther = await s.comments.add(await viewerOf(s.em, owner), other.id, { content: 'elsewhere' });

    s = db.services();
    await expectCode(s.comments.add(await viewerOf(s.em, null), page.id, { content: 'hi' }), 'LoginRequired');
    s = db.services();
    const denied = await s.comments
      .add(await viewerOf(s.em, outsider), page.id, { content: 'hi' })
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(Error);
    s = db.services();
    await expectCode(
      s.comments.add(await viewerOf(s.em, owner), page.id, { content: 'hi', parentId: onOther.id }),
      'CommentNotFound',
    );
    expect(await s.em.count(PageComment, { page: page.id })).toBe(0);
  });

  it('lets the author or a manager delete, hides the thread, and refuses others', async () => {
    const em = db.services().em;
    const owner = await buildUser(em);
    const { item, page } = await commentedItem(em, owner);
    const writer = await member(item, MemberGroup.Edit);
    const reader = await member(item, MemberGroup.ReadOnly);
    const admin = await member(item, MemberGroup.Admin);

    let s = db.services();
    const top = await s.comments.add(await viewerOf(s.em, writer), page.id, { content: 'Top' });
    s = db.services();
    await s.comments.add(await viewerOf(s.em, reader), page.id, { content: 'Reply', parentId: top.id });
    s = db.services();
    const own = await s.comments.add(await viewerOf(s.em, reader), page.id, { content: 'Mine' });

    s = db.services();
    await expectCode(s.comments.delete(await viewerOf(s.em, reader), top.id), 'CommentDeleteDenied');
    s = db.services();
    await s.comments.delete(await viewerOf(s.em, reader), own.id);
    s = db.services();
    await s.comments.delete(await viewerOf(s.em, admin), top.id);
    s = db.services();
    await expectCode(s.comments.delete(await viewerOf(s.em, admin), top.id), 'CommentNotFound');

    s = db.services();
    const list = await s.comments.list(await viewerOf(s.em, owner), page.id);
    expect(list.total).toBe(0);
    // Soft delete: the rows stay, marked, replies with their thread.
    expect(await s.em.count(PageComment, { page: page.id, deletedAt: { $ne: null } })).toBe(3);
  });

  it("reminds the page's author and the item's managers of a comment, the replied-to author of a reply", async () => {
    const em = db.services().em;
    const owner = await buildUser(em);
    const { item, page } = await commentedItem(em, owner);
    const admin = await member(item, MemberGroup.Admin);
    const editor = await member(item, MemberGroup.Edit);
    const reader = await member(item, MemberGroup.ReadOnly);

    let s = db.services();
    const top = await s.comments.add(await viewerOf(s.em, reader), page.id, { content: 'Question?' });
    s = db.services();
    await s.comments.add(await viewerOf(s.em, editor), page.id, { content: 'Answer.', parentId: top.id });

    s = db.services();
    const toOwner = await remindersOf(s.em, owner);
    const toAdmin = await remindersOf(s.em, admin);
    const toReader = await remindersOf(s.em, reader);
    const toEditor = await remindersOf(s.em, editor);
    expect(toOwner.map((m) => m.content.content)).toEqual(['Question?']);
    expect(toAdmin.map((m) => m.content.content)).toEqual(['Question?']);
    expect(toOwner[0]!.content).toMatchObject({
      actionType: 'comment',
      objectType: 'page',
      objectId: page.id,
    });
    // The reply reminds only the author of the comment replied to; nobody is reminded of their own words.
    expect(toReader.map((m) => m.content.content)).toEqual(['Answer.']);
    expect(toEditor).toEqual([]);
  });

  it('announces additions and deletions after the commit only', async () => {
    const em = db.services().em;
    const owner = await buildUser(em);
    const { page } = await commentedItem(em, owner);
    const s = db.services();
    const heard: string[] = [];
    afterCommit(s.em).on('pageCommentChanged', (e) => heard.push(`${e.action}:${e.pageId}`));
    const viewer = await viewerOf(s.em, owner);
    const comment = await s.comments.add(viewer, page.id, { content: 'Hi' });
    await expectCode(s.comments.add(viewer, page.id, { content: '' }), 'BadInput');
    await s.comments.delete(viewer, comment.id);
    expect(heard).toEqual([`ADDED:${page.id}`, `DELETED:${page.id}`]);
  });
});
