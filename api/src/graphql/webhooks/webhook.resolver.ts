import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { CreateWebhookInput, ItemWebhook, WebhookDelivery } from './webhook.types';

@Resolver()
export class WebhookResolver {
  @Query(() => [ItemWebhook], { description: "An item's webhooks (item managers)" })
  async itemWebhooks(
    @Arg('itemId', () => Int) itemId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ItemWebhook[]> {
    return (await ctx.services.webhooks.list(ctx.viewer, itemId)).map(ItemWebhook.from);
  }

  @Query(() => [WebhookDelivery], { description: 'The newest deliveries of a webhook (item managers)' })
  async webhookDeliveries(
    @Arg('webhookId', () => Int) webhookId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookDelivery[]> {
    return (await ctx.services.webhooks.deliveries(ctx.viewer, webhookId)).map(WebhookDelivery.from);
  }

  @Mutation(() => ItemWebhook, {
    description: 'Adds a webhook; internal addresses are refused unless the administrator allows them',
  })
  async createWebhook(
    @Arg('input') input: CreateWebhookInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ItemWebhook> {
    const hook = await ctx.services.webhooks.create(ctx.viewer, input.itemId, {
      url: input.url,
      events: input.events ?? undefined,
      preset: input.preset ?? undefined,
    });
    return ItemWebhook.from(hook);
  }

  @Mutation(() => Boolean, { description: 'Deletes a webhook of an item' })
  async deleteWebhook(
    @Arg('webhookId', () => Int) webhookId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.webhooks.delete(ctx.viewer, webhookId);
    return true;
  }

  @Mutation(() => WebhookDelivery, { description: 'Queues a ping to the webhook ("send test")' })
  async sendWebhookTest(
    @Arg('webhookId', () => Int) webhookId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookDelivery> {
    return WebhookDelivery.from(await ctx.services.webhooks.sendTest(ctx.viewer, webhookId));
  }
}
