import DataLoader from 'dataloader';
import type { ItemRights, PolicyItem } from '../../domain';
import type { GraphQLContext } from '../context';

const rightsLoaders = new WeakMap<GraphQLContext, DataLoader<PolicyItem, ItemRights, number>>();

/**
 * The viewer's rights in an item, batched per request: every `viewerRights` of one list resolves in
 * the policy's few queries for all of them. No caching here: the policy keeps (and forgets) its own.
 */
export function viewerRights(ctx: GraphQLContext, item: PolicyItem): Promise<ItemRights> {
  let loader = rightsLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(
      async (items: readonly PolicyItem[]) => {
        const rights = await ctx.services.policy.rightsMany(ctx.viewer, [...items]);
        return items.map((item) => rights.get(item.id)!);
      },
      { cache: false },
    );
    rightsLoaders.set(ctx, loader);
  }
  return loader.load(item);
}
