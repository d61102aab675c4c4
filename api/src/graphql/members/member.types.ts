import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { Catalog as CatalogEntity, ItemMember as ItemMemberEntity } from '../../../../db/src';
import type { Collaborator as CollaboratorModel, MyCollaborator as MyCollaboratorModel } from '../../domain';
import { User } from '../accounts/account.types';
import { Catalog } from '../catalogs/catalog.types';

/** A catalog scope in a stable order (by id), whatever order the rows came in. */
export function sortedScope(catalogs: CatalogEntity[]): Catalog[] {
  return [...catalogs].sort((a, b) => a.id - b.id).map((c) => Catalog.from(c));
}

export enum MemberSkipReason {
  UNKNOWN = 'unknown',
  MEMBER = 'member',
  OWNER = 'owner',
}
registerEnumType(MemberSkipReason, {
  valuesConfig: {
    UNKNOWN: { description: 'No user has that name' },
    MEMBER: { description: 'Already a member' },
    OWNER: { description: 'The owner, who needs no membership' },
  },
  name: 'MemberSkipReason',
  description: 'Why a name was not added: no such user, already a member, or the owner',
});

export enum CollaboratorVia {
  OWNER = 'owner',
  MEMBER = 'member',
  TEAM = 'team',
}
registerEnumType(CollaboratorVia, {
  valuesConfig: {
    OWNER: { description: 'Owns the item' },
    MEMBER: { description: 'Is a member of the item' },
    TEAM: { description: 'Through a team the item is bound to' },
  },
  name: 'CollaboratorVia',
  description: 'How someone reaches an item',
});

@ObjectType({ description: "One of an item's own members (team members reach items through TeamItemMember)" })
export class ItemMember {
  @Field(() => Int, { description: "Membership id (ShowDoc's `item_member_id`)" })
  id!: number;

  @Field(() => Int, { description: 'The item' })
  itemId!: number;

  @Field(() => User, { description: 'The member' })
  user!: User;

  @Field(() => Int, { description: '0 read-only, 1 edit, 2 item admin' })
  memberGroupId!: number;

  @Field(() => [Catalog], {
    description:
      'Top-level catalogs the member is limited to; empty = the whole item (always empty for item admins)',
  })
  catalogScope!: Catalog[];

  @Field({ description: 'When the member was added (ISO 8601)' })
  createdAt!: Date;

  static from(member: ItemMemberEntity): ItemMember {
    return Object.assign(new ItemMember(), {
      id: member.id,
      itemId: member.item.id,
      user: User.from(member.user),
      memberGroupId: member.memberGroupId,
      catalogScope: sortedScope(member.catalogs.getItems()),
      createdAt: member.createdAt,
    });
  }
}

@ObjectType({ description: 'A username that was not added, and why' })
export class SkippedMember {
  @Field({ description: 'The username as given' })
  username!: string;

  @Field(() => MemberSkipReason, { description: 'Why it was skipped' })
  reason!: MemberSkipReason;
}

@ObjectType({ description: 'Members added, and usernames skipped' })
export class AddItemMembersResult {
  @Field(() => [ItemMember], { description: 'Memberships created' })
  added!: ItemMember[];

  @Field(() => [SkippedMember], { description: 'Names that were not added, and why' })
  skipped!: SkippedMember[];
}

@ObjectType({ description: 'Someone working in an item, listed once' })
export class Collaborator {
  @Field(() => User, { description: 'The collaborator' })
  user!: User;

  @Field(() => Int, { description: 'The group of the first way in (the owner counts as item admin, 2)' })
  memberGroupId!: number;

  @Field(() => CollaboratorVia, { description: 'How the collaborator reaches the item' })
  via!: CollaboratorVia;

  static from(model: CollaboratorModel): Collaborator {
    return Object.assign(new Collaborator(), {
      user: User.from(model.user),
      memberGroupId: model.memberGroupId,
      via: model.via as CollaboratorVia,
    });
  }
}

@ObjectType({ description: 'Someone working in your items or teams' })
export class MyCollaborator {
  @Field(() => User, { description: 'The collaborator' })
  user!: User;

  @Field({ description: 'When their most recent membership was created' })
  addedAt!: Date;

  static from(model: MyCollaboratorModel): MyCollaborator {
    return Object.assign(new MyCollaborator(), { user: User.from(model.user), addedAt: model.addedAt });
  }
}

@InputType({ description: 'Users to add to an item' })
export class AddItemMembersInput {
  @Field(() => Int, { description: 'The item' })
  itemId!: number;

  @Field(() => [String], { description: 'Usernames or e-mail addresses' })
  usernames!: string[];

  @Field(() => Int, { description: '0 read-only, 1 edit, 2 item admin' })
  memberGroupId!: number;

  @Field(() => [Int], {
    defaultValue: [],
    description:
      'Top-level catalogs to limit the members to (ignored for item admins); empty = the whole item',
  })
  catalogIds!: number[];
}

@InputType({ description: 'Omitted fields stay as they are' })
export class UpdateMemberInput {
  @Field(() => Int, { description: 'Membership to change' })
  id!: number;

  @Field(() => Int, { nullable: true, description: '0 read-only, 1 edit, 2 item admin' })
  memberGroupId?: number | null;

  @Field(() => [Int], { nullable: true, description: 'Replaces the catalog scope; [] = the whole item' })
  catalogIds?: number[] | null;
}
