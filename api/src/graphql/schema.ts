import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AccountResolver } from './accounts/account.resolver';
import { SiteResolver } from './site/site.resolver';

export const resolvers = [AccountResolver, SiteResolver] as const;

export function buildGraphQLSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, validate: false });
}

/** The SDL committed at schema/schema.graphql: sorted, so the diff shows only real changes. */
export function printSdl(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
