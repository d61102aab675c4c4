import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { Message, MessageContent, MessageStatus, type MessageType, type User } from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { buildUser, viewerOf } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { DomainError } from '../errors';
import { Viewer } from '../viewer';

const DAY = 24 * 60 * 60 * 1000;

/** A reminder or announcement text, as the page-save notification and the admin console write them. */
async function buildContent(
  em: EntityManager,
  type: MessageType,
  overrides: { sendAt?: Date; from?: User | null } = {},
): Promise<MessageContent> {
  const content = em.create(MessageContent, {
    messageType: type,
    fromUser: overrides.from ?? null,
    fromName: overrides.from?.username ?? 'system',
    content: type === 'remind' ? 'A page changed' : 'Maintenance tonight',
    ...(overrides.sendAt ? { sendAt: overrides.sendAt } : {}),
  });
  await em.persist(content).flush();
  return content;
}

/** One delivery of a content to a user (a reminder, or a read marker for an announcement). */
async function deliver(
  em: EntityManager,
  content: MessageContent,
  to: User,
  status: number = MessageStatus.Unread,
): Promise<Message> {
  const message = em.create(Message, {
    toUser: to,
    messageType: content.messageType,
    content,
    status,
  });
  await em.persist(message).flush();
  return message;
}

describe.each(testDatabases())('unread messages on $name', (target) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await openTestDb(target, 'messages');
  });
  afterAll(async () => db?.close());

  async function countsOf(user: User, now?: Date) {
    const s = db.services();
    return s.messages.unreadCounts(await viewerOf(s.em, user), now);
  }

  it("counts the viewer's unread reminders, and one fewer once one is read", async () => {
    const em = db.services().em;
    const reader = await buildUser(em);
    const author = await buildUser(em);
    const other = await buildUser(em);
    const first = await deliver(em, await buildContent(em, 'remind', { from: author }), reader);
    await deliver(em, await buildContent(em, 'remind', { from: author }), reader);
    await deliver(em, await buildContent(em, 'remind', { from: author }), reader, MessageStatus.Deleted);
    await deliver(em, await buildContent(em, 'remind', { from: author }), other);
    expect(await countsOf(reader)).toEqual({ reminders: 2, announcements: 0 });

    first.status = MessageStatus.Read;
    first.readAt = new Date();
    await em.flush();
    expect(await countsOf(reader)).toEqual({ reminders: 1, announcements: 0 });
    expect((await countsOf(other)).reminders).toBe(1);
    expect((await countsOf(author)).reminders).toBe(0);
  });

  it('counts announcements sent since the viewer registered, until a read marker exists', async () => {
    const em = db.services().em;
    const reader = await buildUser(em);
    const admin = await buildUser(em, { groupId: 1 });
    const registered = reader.createdAt.getTime();
    const now = new Date(registered + 10 * DAY);
    const before = await buildContent(em, 'announce', { sendAt: new Date(registered - DAY) });
    const since = await buildContent(em, 'announce', { sendAt: new Date(registered + DAY) });
    await buildContent(em, 'announce', { sendAt: new Date(registered + 20 * DAY) }); // scheduled
    expect(await countsOf(reader, now)).toEqual({ reminders: 0, announcements: 1 });
    // Administrators see announcements from before they registered too.
    expect(await countsOf(admin, now)).toEqual({ reminders: 0, announcements: 2 });

    await deliver(em, since, reader, MessageStatus.Read);
    await deliver(em, since, reader, MessageStatus.Read); // a second marker still counts once
    expect((await countsOf(reader, now)).announcements).toBe(0);
    await deliver(em, before, admin, MessageStatus.Read);
    expect((await countsOf(admin, now)).announcements).toBe(1);
    // The scheduled one counts once its time has come.
    expect((await countsOf(reader, new Date(registered + 21 * DAY))).announcements).toBe(1);
  });

  it('asks a visitor to log in (10102)', async () => {
    const err = await db
      .services()
      .messages.unreadCounts(Viewer.anonymous())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).codeName).toBe('LoginRequired');
  });
});
