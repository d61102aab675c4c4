import { Reference } from '@mikro-orm/core';
import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { Item } from '../items/item.types';
import { UpdateMemberInput } from '../members/member.types';
import { teamSummary } from './team.loaders';
import {
  AddTeamMembersInput,
  AddTeamMembersResult,
  BindTeamItemsResult,
  Team,
  TeamItem,
  TeamItemMember,
  TeamMember,
  TeamRights,
} from './team.types';
import { MemberSkipReason } from '../members/member.types';

@Resolver(() => Team)
export class TeamResolver {
  @Query(() => [Team], { description: 'Teams you created or belong to, newest first' })
  async teams(@Ctx() ctx: GraphQLContext): Promise<Team[]> {
    return (await ctx.services.teams.list(ctx.viewer)).map((s) => Team.from(s.team));
  }

  @Query(() => Team, { description: 'A team you manage or belong to' })
  async team(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<Team> {
    return Team.from((await ctx.services.teams.get(ctx.viewer, id)).team);
  }

  @FieldResolver(() => Int, { description: 'Number of members in the team' })
  async memberCount(@Root() team: Team, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (await teamSummary(ctx, team.entity)).memberCount;
  }

  @FieldResolver(() => Int, { description: 'Items bound to the team' })
  async itemCount(@Root() team: Team, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (await teamSummary(ctx, team.entity)).itemCount;
  }

  @FieldResolver(() => TeamRights, { description: 'What the signed-in viewer may do with this team' })
  async viewerRights(@Root() team: Team, @Ctx() ctx: GraphQLContext): Promise<TeamRights> {
    return TeamRights.from((await teamSummary(ctx, team.entity)).rights);
  }

  @Mutation(() => Team, { description: 'Creates a team (no id), or renames one you manage' })
  async saveTeam(
    @Arg('name') name: string,
    @Arg('id', () => Int, { nullable: true }) id: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Team> {
    return Team.from(await ctx.services.teams.save(ctx.viewer, { id: id ?? undefined, name }));
  }

  @Mutation(() => Boolean, { description: 'Deletes a team you created, with its members and bindings' })
  async deleteTeam(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.teams.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => Team, {
    description:
      'Gives a team you created to another user, with the bound items you own; needs your login password',
  })
  async transferTeam(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('username') username: string,
    @Arg('password') password: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Team> {
    return Team.from(await ctx.services.teams.attorn(ctx.viewer, teamId, username, password));
  }

  @Mutation(() => Boolean, { description: 'Quits a team, and with it its items (not for its creator)' })
  async leaveTeam(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.teams.leave(ctx.viewer, id);
    return true;
  }
}

@Resolver(() => TeamItem)
export class TeamMembershipResolver {
  @Query(() => [TeamMember], { description: "A team's members, newest first (its managers and members)" })
  async teamMembers(
    @Arg('teamId', () => Int) teamId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TeamMember[]> {
    return (await ctx.services.teams.members(ctx.viewer, teamId)).map(TeamMember.from);
  }

  @Query(() => [TeamItem], { description: 'The live items bound to a team (its managers and members)' })
  async teamItems(@Arg('teamId', () => Int) teamId: number, @Ctx() ctx: GraphQLContext): Promise<TeamItem[]> {
    return (await ctx.services.teams.items(ctx.viewer, teamId)).map(TeamItem.from);
  }

  @Query(() => [TeamItem], { description: 'The teams bound to an item (its managers)' })
  async itemTeams(@Arg('itemId', () => Int) itemId: number, @Ctx() ctx: GraphQLContext): Promise<TeamItem[]> {
    return (await ctx.services.teams.itemTeams(ctx.viewer, itemId)).map(TeamItem.from);
  }

  @Query(() => [TeamItemMember], {
    description: "Each team member's rights in one bound item (the team's or the item's managers)",
  })
  async teamItemMembers(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('itemId', () => Int) itemId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TeamItemMember[]> {
    return (await ctx.services.teams.itemMembers(ctx.viewer, teamId, itemId)).map(TeamItemMember.from);
  }

  @FieldResolver(() => Team, { description: 'The team' })
  async team(@Root() link: TeamItem): Promise<Team> {
    const team = await Reference.create(link.entity.team).loadOrFail();
    await Reference.create(team.owner).loadOrFail();
    return Team.from(team);
  }

  @FieldResolver(() => Item, { description: 'The item' })
  async item(@Root() link: TeamItem): Promise<Item> {
    return Item.from(await Reference.create(link.entity.item).loadOrFail());
  }

  @Mutation(() => AddTeamMembersResult, {
    description:
      "Adds members (team managers); each gets edit rights in the team's items and counts against the creator's collaborator quota",
  })
  async addTeamMembers(
    @Arg('input') input: AddTeamMembersInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AddTeamMembersResult> {
    const result = await ctx.services.teams.addMembers(ctx.viewer, input);
    return {
      added: result.added.map(TeamMember.from),
      skipped: result.skipped.map((s) => ({ username: s.username, reason: s.reason as MemberSkipReason })),
    };
  }

  @Mutation(() => TeamMember, { description: 'Makes a team member ordinary (1) or team admin (2)' })
  async updateTeamMember(
    @Arg('id', () => Int) id: number,
    @Arg('teamMemberGroupId', () => Int) teamMemberGroupId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TeamMember> {
    return TeamMember.from(await ctx.services.teams.updateMember(ctx.viewer, id, teamMemberGroupId));
  }

  @Mutation(() => Boolean, { description: 'Removes a team member, with their rights in the team’s items' })
  async removeTeamMember(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.teams.removeMember(ctx.viewer, id);
    return true;
  }

  @Mutation(() => BindTeamItemsResult, {
    description: 'Binds items you manage to a team you manage; every team member gets edit rights in them',
  })
  async bindTeamItems(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('itemIds', () => [Int]) itemIds: number[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<BindTeamItemsResult> {
    const result = await ctx.services.teams.bindItems(ctx.viewer, teamId, itemIds);
    return { added: result.added.map(TeamItem.from), skippedItemIds: result.skipped };
  }

  @Mutation(() => Boolean, { description: "Unbinds an item from a team (the team's or the item's managers)" })
  async unbindTeamItem(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.teams.unbindItem(ctx.viewer, id);
    return true;
  }

  @Mutation(() => TeamItemMember, {
    description:
      "Changes a team member's authority and/or catalog scope in one item (id of the TeamItemMember)",
  })
  async updateTeamItemMember(
    @Arg('input') input: UpdateMemberInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TeamItemMember> {
    const row = await ctx.services.teams.updateItemMember(ctx.viewer, input.id, {
      memberGroupId: input.memberGroupId ?? undefined,
      catalogIds: input.catalogIds ?? undefined,
    });
    return TeamItemMember.from(row);
  }
}
