import { Field, Int, ObjectType } from 'type-graphql';
import type { ItemChangeLog } from '../../../../db/src';
import { operatorOf } from '../../domain';

@ObjectType({ description: 'Who changed what in an item, and when' })
export class ChangeLogEntry {
  @Field(() => Int, { description: 'Entry id' })
  id!: number;

  @Field({ description: 'create, update, delete, export, binding, unbound or drag' })
  action!: string;

  @Field({ description: 'page, catalog, item, team, member or tree' })
  objectType!: string;

  @Field(() => Int, { description: 'Id of the changed page or catalog' })
  objectId!: number;

  @Field({ description: 'Title or name of the changed object when it changed' })
  objectName!: string;

  @Field({ description: 'Note saved with the change' })
  remark!: string;

  @Field(() => Int, { nullable: true, description: 'null for the open API or a user since deleted' })
  operatorId!: number | null;

  @Field({ description: "The operator's username ('API' for the open API)" })
  operatorName!: string;

  @Field({ description: "The operator's display name, '' when none" })
  operatorDisplayName!: string;

  @Field({ description: 'When the change happened (ISO 8601)' })
  createdAt!: Date;

  static from(entry: ItemChangeLog): ChangeLogEntry {
    const operator = operatorOf(entry);
    return Object.assign(new ChangeLogEntry(), {
      id: entry.id,
      action: entry.actionType,
      objectType: entry.objectType,
      objectId: entry.objectId,
      objectName: entry.objectName,
      remark: entry.remark,
      operatorId: operator.id,
      operatorName: operator.username,
      operatorDisplayName: operator.name,
      createdAt: entry.createdAt,
    });
  }
}

@ObjectType({ description: 'One page of a change log, newest first' })
export class ChangeLogPage {
  @Field(() => Int, { description: 'Entries in the whole log (the newest 300 are kept per item)' })
  totalCount!: number;

  @Field(() => [ChangeLogEntry], { description: 'Entries of the requested page, newest first' })
  entries!: ChangeLogEntry[];
}
