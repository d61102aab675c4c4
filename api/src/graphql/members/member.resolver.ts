import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import {
  AddItemMembersInput,
  AddItemMembersResult,
  Collaborator,
  ItemMember,
  MemberSkipReason,
  MyCollaborator,
  UpdateMemberInput,
} from './member.types';

@Resolver()
export class MemberResolver {
  @Query(() => [ItemMember], { description: "An item's own members, oldest first (item managers)" })
  async itemMembers(
    @Arg('itemId', () => Int) itemId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ItemMember[]> {
    return (await ctx.services.members.list(ctx.viewer, itemId)).map(ItemMember.from);
  }

  @Query(() => [Collaborator], {
    description: 'Everyone working in an item, once each: owner, members, team members (item editors)',
  })
  async itemCollaborators(
    @Arg('itemId', () => Int) itemId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Collaborator[]> {
    return (await ctx.services.members.collaborators(ctx.viewer, itemId)).map(Collaborator.from);
  }

  @Query(() => [MyCollaborator], {
    description: 'Members of your items and of your teams, once each, most recently added first',
  })
  async myCollaborators(@Ctx() ctx: GraphQLContext): Promise<MyCollaborator[]> {
    return (await ctx.services.members.myCollaborators(ctx.viewer)).map(MyCollaborator.from);
  }

  @Mutation(() => AddItemMembersResult, {
    description: 'Adds members to an item; counts against the owner’s collaborator quota',
  })
  async addItemMembers(
    @Arg('input') input: AddItemMembersInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AddItemMembersResult> {
    const result = await ctx.services.members.add(ctx.viewer, input);
    return {
      added: result.added.map(ItemMember.from),
      skipped: result.skipped.map((s) => ({ username: s.username, reason: s.reason as MemberSkipReason })),
    };
  }

  @Mutation(() => ItemMember, { description: "Changes a member's authority and/or catalog scope" })
  async updateItemMember(
    @Arg('input') input: UpdateMemberInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ItemMember> {
    const member = await ctx.services.members.update(ctx.viewer, input.id, {
      memberGroupId: input.memberGroupId ?? undefined,
      catalogIds: input.catalogIds ?? undefined,
    });
    return ItemMember.from(member);
  }

  @Mutation(() => Boolean, { description: 'Removes a member from an item (ShowDoc member/delete)' })
  async removeItemMember(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.members.remove(ctx.viewer, id);
    return true;
  }

  @Mutation(() => Int, {
    description:
      'Makes every member of the item read-only (team members too), except you; answers how many changed',
  })
  async setItemMembersReadOnly(
    @Arg('itemId', () => Int) itemId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<number> {
    return ctx.services.members.setAllReadOnly(ctx.viewer, itemId);
  }
}
