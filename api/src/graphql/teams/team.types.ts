import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type {
  Team as TeamEntity,
  TeamItem as TeamItemEntity,
  TeamItemMember as TeamItemMemberEntity,
  TeamMember as TeamMemberEntity,
} from '../../../../db/src';
import type { TeamRights as TeamRightsModel } from '../../domain';
import { User } from '../accounts/account.types';
import { Catalog } from '../catalogs/catalog.types';
import { SkippedMember, sortedScope } from '../members/member.types';

@ObjectType({ description: 'What the viewer may do with a team (decided by the team policy)' })
export class TeamRights {
  @Field({ description: 'Created the team: may delete or transfer it' })
  isOwner!: boolean;

  @Field({ description: 'Creator, team admin or site admin: may rename it, add members and bind items' })
  manage!: boolean;

  @Field({ description: 'Belongs to the team: may read it, and quit it' })
  member!: boolean;

  static from(rights: TeamRightsModel): TeamRights {
    return Object.assign(new TeamRights(), {
      isOwner: rights.isOwner,
      manage: rights.manage,
      member: rights.member,
    });
  }
}

@ObjectType({ description: 'People who share items: every member reaches every item bound to the team' })
export class Team {
  @Field(() => Int, { description: "Team id (ShowDoc's `team_id`)" })
  id!: number;

  @Field({ description: "Team name (ShowDoc's `team_name`)" })
  name!: string;

  @Field(() => User, { description: 'The creator' })
  owner!: User;

  @Field({ description: 'When the team was created (ISO 8601)' })
  createdAt!: Date;

  @Field({ description: 'When the team last changed (ISO 8601)' })
  updatedAt!: Date;

  /** For the field resolvers (counts, viewerRights); not part of the schema. */
  entity!: TeamEntity;

  static from(team: TeamEntity): Team {
    return Object.assign(new Team(), {
      id: team.id,
      name: team.name,
      owner: User.from(team.owner),
      createdAt: team.createdAt,
      updatedAt: team.updatedAt,
      entity: team,
    });
  }
}

@ObjectType({ description: 'A user who belongs to a team' })
export class TeamMember {
  @Field(() => Int, { description: 'Team membership id' })
  id!: number;

  @Field(() => Int, { description: 'The team' })
  teamId!: number;

  @Field(() => User, { description: 'The member' })
  user!: User;

  @Field(() => Int, { description: '1 ordinary member, 2 team admin' })
  teamMemberGroupId!: number;

  @Field({ description: 'When the member joined (ISO 8601)' })
  createdAt!: Date;

  static from(member: TeamMemberEntity): TeamMember {
    return Object.assign(new TeamMember(), {
      id: member.id,
      teamId: member.team.id,
      user: User.from(member.user),
      teamMemberGroupId: member.teamMemberGroupId,
      createdAt: member.createdAt,
    });
  }
}

@ObjectType({ description: 'An item bound to a team' })
export class TeamItem {
  @Field(() => Int, { description: 'Id of the team-item link' })
  id!: number;

  @Field(() => Int, { description: 'The team' })
  teamId!: number;

  @Field(() => Int, { description: 'The item' })
  itemId!: number;

  @Field({ description: 'When the team was given the item (ISO 8601)' })
  createdAt!: Date;

  /** For the `team` and `item` field resolvers. */
  entity!: TeamItemEntity;

  static from(link: TeamItemEntity): TeamItem {
    return Object.assign(new TeamItem(), {
      id: link.id,
      teamId: link.team.id,
      itemId: link.item.id,
      createdAt: link.createdAt,
      entity: link,
    });
  }
}

@ObjectType({ description: "A team member's rights in one item bound to the team" })
export class TeamItemMember {
  @Field(() => Int, { description: 'Id of this per-item membership' })
  id!: number;

  @Field(() => Int, { description: 'The team' })
  teamId!: number;

  @Field(() => Int, { description: 'The item' })
  itemId!: number;

  @Field(() => User, { description: 'The team member' })
  user!: User;

  @Field(() => Int, { description: '0 read-only, 1 edit, 2 item admin' })
  memberGroupId!: number;

  @Field(() => [Catalog], {
    description: 'Top-level catalogs the member is limited to in this item; empty = the whole item',
  })
  catalogScope!: Catalog[];

  @Field({ description: 'When it was created (ISO 8601)' })
  createdAt!: Date;

  static from(row: TeamItemMemberEntity): TeamItemMember {
    return Object.assign(new TeamItemMember(), {
      id: row.id,
      teamId: row.team.id,
      itemId: row.item.id,
      user: User.from(row.user),
      memberGroupId: row.memberGroupId,
      catalogScope: sortedScope(row.catalogs.getItems()),
      createdAt: row.createdAt,
    });
  }
}

@ObjectType({ description: 'Members added, and usernames skipped' })
export class AddTeamMembersResult {
  @Field(() => [TeamMember], { description: 'Team memberships created' })
  added!: TeamMember[];

  @Field(() => [SkippedMember], { description: 'Names that were already members' })
  skipped!: SkippedMember[];
}

@ObjectType({ description: 'Items bound to a team' })
export class BindTeamItemsResult {
  @Field(() => [TeamItem], { description: 'Team-item links created' })
  added!: TeamItem[];

  @Field(() => [Int], { description: 'Items that were bound to the team already' })
  skippedItemIds!: number[];
}

@InputType({ description: 'Users to add to a team' })
export class AddTeamMembersInput {
  @Field(() => Int, { description: 'The team' })
  teamId!: number;

  @Field(() => [String], { description: 'Usernames or e-mail addresses' })
  usernames!: string[];

  @Field(() => Int, { defaultValue: 1, description: '1 ordinary member, 2 team admin' })
  teamMemberGroupId!: number;
}
