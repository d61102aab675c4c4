import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Message, MessageContent, type User } from '../../../../db/src';
import { buildSession, buildUser } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';

const UNREAD = '{ unreadMessages { reminders announcements total } }';

describe.each(testDatabases())('GraphQL unread messages on $name', (target) => {
  let server: TestServer;
  let reader: User;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_messages');
    const em = server.db.orm.em.fork();
    reader = await buildUser(em);
    token = await buildSession(em, reader);
  });
  afterAll(async () => server?.close());

  it("answers the viewer's unread counts, and asks a visitor to log in", async () => {
    const em = server.db.orm.em.fork();
    const content = em.create(MessageContent, {
      messageType: 'remind',
      fromName: 'system',
      content: 'A page changed',
    });
    em.create(Message, { toUser: reader, messageType: 'remind', content });
    em.create(Message, { toUser: reader, messageType: 'remind', content });
    await em.flush();

    const answer = await server.graphql<{ unreadMessages: unknown }>(UNREAD, {}, token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.unreadMessages).toEqual({ reminders: 2, announcements: 0, total: 2 });

    const visitor = await server.graphql(UNREAD, {});
    expect(visitor.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', showdocCode: 10102 });
  });
});
