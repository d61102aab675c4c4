import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { DomainError } from '../../domain';
import type { GraphQLContext } from '../context';
import { AiToken, CreateAiTokenInput, IssuedAiToken } from './ai-token.types';

const DAY_MS = 24 * 3600 * 1000;

@Resolver()
export class AiTokenResolver {
  @Query(() => [AiToken], { description: "The caller's MCP tokens, newest first" })
  async aiTokens(@Ctx() ctx: GraphQLContext): Promise<AiToken[]> {
    return (await ctx.services.aiTokens.list(ctx.viewer)).map(AiToken.from);
  }

  @Mutation(() => IssuedAiToken, {
    description: 'Creates an MCP token for an AI editor; its secret is shown once',
  })
  async createAiToken(
    @Arg('input', { description: 'Name, permission, items and expiry' }) input: CreateAiTokenInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<IssuedAiToken> {
    const days = input.expiresInDays ?? 0;
    if (!Number.isSafeInteger(days) || days < 0 || days > 3650)
      throw new DomainError('BadInput', {
        en: 'Expiry is 0 to 3650 days',
        zh: '有效期须在 0 到 3650 天之间',
      });
    const permission = input.permission ?? 'write';
    if (permission !== 'read' && permission !== 'write')
      throw new DomainError('BadInput', {
        en: 'The permission is read or write',
        zh: '权限只能是 read 或 write',
      });
    const selected = input.allowedItems !== null && input.allowedItems !== undefined;
    const { row, token } = await ctx.services.aiTokens.create(ctx.viewer, {
      name: input.name,
      permission,
      scope: selected ? 'selected' : 'all',
      allowedItems: input.allowedItems ?? [],
      expiresAt: days > 0 ? new Date(Date.now() + days * DAY_MS) : null,
    });
    return Object.assign(new IssuedAiToken(), { row: AiToken.from(row), token });
  }

  @Mutation(() => IssuedAiToken, {
    description: 'A new secret for the token; the old one stops working at once',
  })
  async resetAiToken(
    @Arg('id', () => Int, { description: 'Token id' }) id: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<IssuedAiToken> {
    const { row, token } = await ctx.services.aiTokens.reset(ctx.viewer, id);
    return Object.assign(new IssuedAiToken(), { row: AiToken.from(row), token });
  }

  @Mutation(() => AiToken, { description: 'Revokes the token (kept in the list, inactive)' })
  async revokeAiToken(
    @Arg('id', () => Int, { description: 'Token id' }) id: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AiToken> {
    return AiToken.from(await ctx.services.aiTokens.revoke(ctx.viewer, id));
  }

  @Mutation(() => Boolean, { description: 'Deletes the token' })
  async deleteAiToken(
    @Arg('id', () => Int, { description: 'Token id' }) id: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.aiTokens.delete(ctx.viewer, id);
    return true;
  }
}
