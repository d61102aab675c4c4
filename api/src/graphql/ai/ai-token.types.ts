import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { allowedItemsOf } from '../../domain';
import type { UserAiToken } from '../../../../db/src';

@ObjectType({
  description: "One of the caller's MCP tokens (the token itself is shown only when created or reset)",
})
export class AiToken {
  @Field(() => Int, { description: 'Token id' })
  id!: number;

  @Field({ description: 'The name the user gave it (the AI editor it is for)' })
  name!: string;

  @Field({ description: 'First and last characters of the token, to tell tokens apart' })
  preview!: string;

  @Field({ description: 'read or write' })
  permission!: string;

  @Field({ description: 'all (every item the user reaches) or selected (allowedItems)' })
  scope!: string;

  @Field(() => [Int], { description: 'The items a selected-scope token may reach' })
  allowedItems!: number[];

  @Field({ description: 'May create items' })
  canCreateItem!: boolean;

  @Field({ description: 'Items it creates join allowedItems' })
  autoAddCreatedItem!: boolean;

  @Field(() => Date, { nullable: true, description: 'When it stops working; null: never' })
  expiresAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'Last MCP request made with it (to the minute)' })
  lastUsedAt!: Date | null;

  @Field({ description: 'When it was created' })
  createdAt!: Date;

  @Field({ description: 'False once revoked' })
  active!: boolean;

  static from(row: UserAiToken): AiToken {
    return Object.assign(new AiToken(), {
      id: row.id,
      name: row.name,
      preview: row.tokenPreview,
      permission: row.permission,
      scope: row.scope,
      allowedItems: allowedItemsOf(row),
      canCreateItem: row.canCreateItem,
      autoAddCreatedItem: row.autoAddCreatedItem,
      expiresAt: row.expiresAt,
      lastUsedAt: row.lastUsedAt,
      createdAt: row.createdAt,
      active: row.isActive,
    });
  }
}

@ObjectType({ description: 'A token just created or reset: the only time its secret is shown' })
export class IssuedAiToken {
  @Field(() => AiToken, { description: 'The token row' })
  row!: AiToken;

  @Field({ description: 'The secret (ai_ and 86 hex characters); store it now, it is not shown again' })
  token!: string;
}

@InputType({ description: 'A new MCP token' })
export class CreateAiTokenInput {
  @Field({ description: 'A name to recognise it by (1-100 characters)' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'read or write (default write)' })
  permission?: string | null;

  @Field(() => [Int], { nullable: true, description: 'Limit it to these items; absent or null: every item' })
  allowedItems?: number[] | null;

  @Field(() => Int, { nullable: true, description: 'Days until it expires; absent, null or 0: never' })
  expiresInDays?: number | null;
}
