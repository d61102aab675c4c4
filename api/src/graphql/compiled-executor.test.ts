import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  getIntrospectionQuery,
} from 'graphql';
import { compileQuery } from 'graphql-jit';
import { compiledExecutorGateway } from './compiled-executor';

const Stamp = new GraphQLScalarType<string, string>({
  name: 'Stamp',
  serialize: (value) => (value as Date).toISOString(),
});
const Page = new GraphQLObjectType({
  name: 'Page',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLInt) },
    title: { type: GraphQLString },
    updatedAt: { type: new GraphQLNonNull(Stamp) },
  },
});

let touched = 0;
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      pages: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Page))),
        args: { first: { type: new GraphQLNonNull(GraphQLInt) } },
        resolve: async (_root, { first }: { first: number }) =>
          Array.from({ length: first }, (_, i) => ({
            id: i + 1,
            title: i % 2 ? `page ${i + 1}` : null,
            updatedAt: new Date(Date.UTC(2026, 0, i + 1)),
          })),
      },
      refused: {
        type: GraphQLString,
        resolve: () => {
          throw Object.assign(new Error('not yours'), {
            extensions: { code: 'FORBIDDEN', showdocCode: 10303 },
          });
        },
      },
      failing: {
        type: GraphQLString,
        resolve: () => {
          throw new Error('database went away');
        },
      },
      missing: { type: new GraphQLNonNull(Page), resolve: () => null },
    },
  }),
  mutation: new GraphQLObjectType({
    name: 'Mutation',
    fields: { touch: { type: GraphQLInt, resolve: () => ++touched } },
  }),
});

// The guards and the error localizer rewrite messages and codes in place: the errors must let them.
const rewriter: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors }) {
        for (const error of errors) {
          error.message = `rewritten: ${error.message}`;
          error.extensions.code ??= 'REWRITTEN';
        }
      },
    };
  },
};

async function started(server: ApolloServer): Promise<ApolloServer> {
  await server.start();
  return server;
}

describe('the compiled executor', () => {
  let graphqlJs: ApolloServer;
  let compiled: ApolloServer;
  let compilations = 0;

  beforeAll(async () => {
    graphqlJs = await started(new ApolloServer({ schema, plugins: [rewriter] }));
    compiled = await started(
      new ApolloServer({
        gateway: compiledExecutorGateway(schema, (...args) => {
          compilations++;
          return compileQuery(...args);
        }),
        plugins: [rewriter],
      }),
    );
  });
  afterAll(async () => {
    await graphqlJs.stop();
    await compiled.stop();
  });

  const answers = async (server: ApolloServer, query: string, variables?: Record<string, unknown>) => {
    const response = await server.executeOperation({ query, variables });
    return { status: response.http.status, body: JSON.stringify(response.body) };
  };
  const sameAnswers = async (query: string, variables?: Record<string, unknown>) => {
    const expected = await answers(graphqlJs, query, variables);
    expect(await answers(compiled, query, variables)).toEqual(expected);
    return JSON.parse(expected.body).singleResult;
  };

  it('answers lists, nulls and custom scalars as graphql-js does', async () => {
    const result = await sameAnswers('query { pages(first: 3) { id title updatedAt } }');
    expect(result.data.pages).toHaveLength(3);
    expect(result.data.pages[0]).toEqual({ id: 1, title: null, updatedAt: '2026-01-01T00:00:00.000Z' });
  });

  it('reports resolver errors at the same paths and locations, with their codes, rewritable', async () => {
    const result = await sameAnswers(`query Mixed {
      pages(first: 1) { id }
      refused
      failing
    }`);
    expect(result.errors.map((e: { message: string }) => e.message)).toEqual([
      'rewritten: not yours',
      'rewritten: database went away',
    ]);
    expect(result.errors[0]).toMatchObject({ path: ['refused'], locations: [{ line: 3, column: 7 }] });
    expect(result.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', showdocCode: 10303 });
  });

  it('answers introspection and __typename as graphql-js does', async () => {
    const result = await sameAnswers(getIntrospectionQuery());
    expect(result.data.__schema.queryType).toMatchObject({ name: 'Query' });
    await sameAnswers('{ __typename pages(first: 1) { __typename id } }');
  });

  it('nulls the data for a missing non-null field as graphql-js does', async () => {
    const result = await sameAnswers('{ pages(first: 1) { id } missing { id } }');
    expect(result.data).toBeNull();
  });

  it('refuses bad variables as graphql-js does (HTTP 400)', async () => {
    const query = 'query Pages($first: Int!) { pages(first: $first) { id } }';
    await sameAnswers(query, { first: 'many' });
    expect((await answers(compiled, query, { first: 'many' })).status).toBe(400);
  });

  it('compiles a document once, and runs mutations on graphql-js', async () => {
    const before = compilations;
    const query = 'query Once { pages(first: 2) { id } }';
    await answers(compiled, query);
    await answers(compiled, query);
    expect(compilations).toBe(before + 1);
    const { body } = await answers(compiled, 'mutation { touch }');
    expect(JSON.parse(body).singleResult.data).toEqual({ touch: touched });
    expect(compilations).toBe(before + 1);
  });
});
