import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from '@jest/globals';
import { GraphQLError } from 'graphql';
import { SqlToMarkdownTableDocument } from '../../gql/graphql';
import { convertSqlToMarkdown } from './sql';

function clientWith(mocks: ReadonlyArray<MockLink.MockedResponse>) {
  return new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink(mocks, { defaultOptions: { delay: 0 } }),
  });
}

describe('SQL to markdown table', () => {
  it('asks the server and returns its markdown', async () => {
    const sql = 'CREATE TABLE t (id int)';
    const client = clientWith([
      {
        request: { query: SqlToMarkdownTableDocument, variables: { sql } },
        result: { data: { sqlToMarkdownTable: '|id|int|' } },
      },
    ]);
    await expect(convertSqlToMarkdown(client, sql)).resolves.toBe('|id|int|');
  });

  it('passes the server error on', async () => {
    const client = clientWith([
      {
        request: { query: SqlToMarkdownTableDocument, variables: { sql: 'nope' } },
        result: {
          errors: [new GraphQLError('The SQL could not be parsed', { extensions: { code: 'BAD_INPUT' } })],
        },
      },
    ]);
    await expect(convertSqlToMarkdown(client, 'nope')).rejects.toThrow('The SQL could not be parsed');
  });
});
