// Permission-matrix rows for mock endpoints (issue #21, compat-api §13): who may read and save the mock
// of page B (catalog B: outside the scoped members' catalog A), through GraphQL and ShowDoc's mock/*.
import { Mock } from '../db/src';
import {
  EDIT_WHOLE,
  READ_WHOLE,
  gql,
  gqlOutcome,
  rest,
  restOutcome,
  unique,
  write,
  type Matrix,
  type Operation,
} from './permission-matrix.support';

const mockTemplateOf = async (m: Matrix, pageId: number) =>
  (await m.em().findOne(Mock, { page: pageId }))?.template ?? null;

export const MOCK_OPERATIONS: Operation[] = [
  {
    name: 'mock of page B',
    allow: READ_WHOLE,
    covers: ['Query.pageMock', 'Mock/infoByPageId'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      return gqlOutcome(
        await gql(m, a, 'query($id: Int!) { pageMock(pageId: $id) { uniqueKey } }', { id: pageB.id }),
      );
    },
    rest: async (m, a) =>
      restOutcome(await rest(m, a, 'mock/infoByPageId', { page_id: m.target(a).pageB.id })),
  },
  {
    name: 'save mock of page B',
    allow: EDIT_WHOLE,
    covers: ['Mutation.savePageMock', 'Mock/add'],
    graphql: (m, a) => {
      const { pageB } = m.target(a);
      return write(
        () => mockTemplateOf(m, pageB.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($id: Int!, $t: String!) { savePageMock(pageId: $id, template: $t) { uniqueKey } }',
              { id: pageB.id, t: JSON.stringify({ marker: unique('gql') }) },
            ),
          ),
      );
    },
    rest: (m, a) => {
      const { pageB } = m.target(a);
      return write(
        () => mockTemplateOf(m, pageB.id),
        async () =>
          restOutcome(
            await rest(m, a, 'mock/add', {
              page_id: pageB.id,
              template: JSON.stringify({ marker: unique('rest') }),
            }),
          ),
      );
    },
  },
];
