import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import {
  CreateCaptchaDocument,
  LoginDocument,
  MeDocument,
  SiteInfoDocument,
  type LoginInput,
  type MeFieldsFragment,
} from '../gql/graphql';

/** Builders for the GraphQL answers the account screens need, so a test reads as its story. */
export function siteInfoMock(
  overrides: { registerOpen?: boolean; homePage?: number } = {},
): MockLink.MockedResponse {
  return {
    request: { query: SiteInfoDocument },
    result: {
      data: {
        siteInfo: {
          __typename: 'SiteInfo',
          homePage: overrides.homePage ?? 1,
          homeItem: '',
          beian: '',
          registerOpen: overrides.registerOpen ?? true,
          publicSquareEnabled: false,
          oauth2Open: false,
          oauth2EntranceTips: '',
          version: '0.1.0',
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function captchaMock(id: number, image: string): MockLink.MockedResponse {
  return {
    request: { query: CreateCaptchaDocument },
    result: { data: { createCaptcha: { __typename: 'CaptchaChallenge', id, image } } },
  };
}

export function loginFailureMock(input: LoginInput, message: string, code: string): MockLink.MockedResponse {
  return {
    request: { query: LoginDocument, variables: { input } },
    result: { errors: [new GraphQLError(message, { extensions: { code } })] },
  };
}

export function buildMe(overrides: Partial<MeFieldsFragment> = {}): MeFieldsFragment {
  return { id: 7, username: 'alice', name: null, email: null, groupId: 2, isAdmin: false, ...overrides };
}

export function meMock(me: MeFieldsFragment | null): MockLink.MockedResponse {
  return {
    request: { query: MeDocument },
    result: { data: { me: me && { __typename: 'Me', ...me } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}
