import DataLoader from 'dataloader';
import { ObjectSlot } from '../../../../db/src';
import { DomainError, type ItemRights, type PolicyItem, type UserProfile } from '../../domain';
import type { GraphQLContext } from '../context';

// On the request's context, not in WeakMaps: see ObjectSlot.
const rightsLoaders = new ObjectSlot<GraphQLContext, DataLoader<PolicyItem, ItemRights, number>>('rights');
const ownerLoaders = new ObjectSlot<GraphQLContext, DataLoader<number, UserProfile, number>>('owners');

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

/**
 * An item's owner, batched per request: the owners of a whole list in one lean read. Not cached either:
 * a later mutation of the same request may transfer the item.
 */
export function itemOwner(ctx: GraphQLContext, ownerId: number): Promise<UserProfile> {
  let loader = ownerLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader<number, UserProfile, number>(
      async (ids) => {
        const profiles = await ctx.services.accounts.profiles([...new Set(ids)]);
        return ids.map((id) => profiles.get(id) ?? new DomainError('UserNotFound'));
      },
      { cache: false },
    );
    ownerLoaders.set(ctx, loader);
  }
  return loader.load(ownerId);
}
