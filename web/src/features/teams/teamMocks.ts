// Builders for the team screens' GraphQL answers, for their component tests.
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import {
  TeamItemMembersDocument,
  TeamItemsScreenDocument,
  TeamListDocument,
  TeamMembersScreenDocument,
  UserCandidatesDocument,
  type TeamFieldsFragment,
} from '../../gql/graphql';

export interface TeamOverrides {
  id?: number;
  name?: string;
  owner?: string;
  memberCount?: number;
  itemCount?: number;
  isOwner?: boolean;
  manage?: boolean;
  member?: boolean;
}

function user(id: number, username: string, name: string | null = null) {
  return { __typename: 'User' as const, id, username, name };
}

/** A team as the screens select it, with the typenames the cache needs. */
export function buildTeam(overrides: TeamOverrides = {}): TeamFieldsFragment {
  const isOwner = overrides.isOwner ?? true;
  const team = {
    __typename: 'Team',
    id: overrides.id ?? 5,
    name: overrides.name ?? 'Core',
    memberCount: overrides.memberCount ?? 0,
    itemCount: overrides.itemCount ?? 0,
    createdAt: '2026-01-02T03:04:05.000Z',
    owner: user(isOwner ? 7 : 8, overrides.owner ?? (isOwner ? 'alice' : 'lead')),
    viewerRights: {
      __typename: 'TeamRights',
      isOwner,
      manage: overrides.manage ?? isOwner,
      member: overrides.member ?? !isOwner,
    },
  };
  return team;
}

export function teamListMock(teams: TeamFieldsFragment[]): MockLink.MockedResponse {
  return {
    request: { query: TeamListDocument },
    result: { data: { teams } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function teamMembersScreenMock(
  team: TeamFieldsFragment,
  members: { id: number; username: string; group?: number }[],
): MockLink.MockedResponse {
  return {
    request: { query: TeamMembersScreenDocument, variables: { teamId: team.id } },
    result: {
      data: {
        team,
        teamMembers: members.map((m) => ({
          __typename: 'TeamMember',
          id: m.id,
          teamId: team.id,
          teamMemberGroupId: m.group ?? 1,
          createdAt: '2026-02-03T04:05:06.000Z',
          user: user(100 + m.id, m.username),
        })),
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function teamItemsScreenMock(
  team: TeamFieldsFragment,
  items: { linkId: number; id: number; name: string }[],
): MockLink.MockedResponse {
  return {
    request: { query: TeamItemsScreenDocument, variables: { teamId: team.id } },
    result: {
      data: {
        team,
        teamItems: items.map((item) => ({
          __typename: 'TeamItem',
          id: item.linkId,
          teamId: team.id,
          itemId: item.id,
          createdAt: '2026-02-03T04:05:06.000Z',
          item: {
            __typename: 'Item',
            id: item.id,
            name: item.name,
            domain: null,
            type: 1,
            isArchived: false,
          },
        })),
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export interface TeamItemMemberInput {
  id: number;
  username: string;
  memberGroupId: number;
  scope?: { id: number; name: string }[];
}

export function teamItemMemberRow(teamId: number, itemId: number, m: TeamItemMemberInput) {
  return {
    __typename: 'TeamItemMember' as const,
    id: m.id,
    teamId,
    itemId,
    memberGroupId: m.memberGroupId,
    createdAt: '2026-02-03T04:05:06.000Z',
    user: user(200 + m.id, m.username),
    catalogScope: (m.scope ?? []).map((c) => ({ __typename: 'Catalog' as const, ...c })),
  };
}

export function teamItemMembersMock(
  teamId: number,
  itemId: number,
  members: TeamItemMemberInput[],
): MockLink.MockedResponse {
  return {
    request: { query: TeamItemMembersDocument, variables: { teamId, itemId } },
    result: { data: { teamItemMembers: members.map((m) => teamItemMemberRow(teamId, itemId, m)) } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** The user picker's suggestions: none, whatever is typed. */
export function noCandidatesMock(): MockLink.MockedResponse {
  return {
    request: { query: UserCandidatesDocument, variables: () => true },
    result: { data: { users: [] } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function graphQLErrorResult(message: string, code: string, showdocCode: number) {
  return { errors: [new GraphQLError(message, { extensions: { code, showdocCode } })] };
}
