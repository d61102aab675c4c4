import { Collection, Entity, ManyToMany, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { Catalog } from './catalog';
import { Item } from './item';
import { MemberGroup } from './member';
import { User } from './user';

export const TeamMemberGroup = { Member: 1, Admin: 2 } as const;

@Entity({ tableName: 'team' })
export class Team extends BaseEntity<'updatedAt'> {
  @Property({ length: 100 })
  name!: string;

  @ManyToOne(() => User)
  owner!: User;

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

@Entity({ tableName: 'team_member' })
@Unique({ properties: ['team', 'user'] })
export class TeamMember extends BaseEntity<'teamMemberGroupId'> {
  @ManyToOne(() => Team, { deleteRule: 'cascade' })
  team!: Team;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'smallint' })
  teamMemberGroupId: number = TeamMemberGroup.Member;
}

/** An item bound to a team: every team member reaches it through a TeamItemMember row. */
@Entity({ tableName: 'team_item' })
@Unique({ properties: ['team', 'item'] })
export class TeamItem extends BaseEntity {
  @ManyToOne(() => Team, { deleteRule: 'cascade' })
  team!: Team;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;
}

@Entity({ tableName: 'team_item_member' })
@Unique({ properties: ['team', 'item', 'user'] })
export class TeamItemMember extends BaseEntity<'memberGroupId'> {
  @ManyToOne(() => Team, { deleteRule: 'cascade' })
  team!: Team;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'smallint' })
  memberGroupId: number = MemberGroup.Edit;

  @ManyToMany(() => Catalog, undefined, { pivotTable: 'team_item_member_catalog' })
  catalogs = new Collection<Catalog>(this);
}
