import type { ApolloClient } from '@apollo/client';
import { SqlToMarkdownTableDocument } from '../../gql/graphql';

/** CREATE TABLE statements as markdown tables, converted by the server (it knows the SQL dialects). */
export async function convertSqlToMarkdown(client: ApolloClient, sql: string): Promise<string> {
  const result = await client.mutate({ mutation: SqlToMarkdownTableDocument, variables: { sql } });
  return result.data?.sqlToMarkdownTable ?? '';
}
