import DataLoader from 'dataloader';
import { ObjectSlot, type Team } from '../../../../db/src';
import type { TeamSummary } from '../../domain';
import type { GraphQLContext } from '../context';

// On the request's context, not in a WeakMap: see ObjectSlot.
const summaryLoaders = new ObjectSlot<GraphQLContext, DataLoader<Team, TeamSummary, number>>('teamSummaries');

/**
 * A team's counts and the viewer's rights, batched per request: the `memberCount`, `itemCount` and
 * `viewerRights` of a whole list resolve in the service's few queries for all of its teams.
 */
export function teamSummary(ctx: GraphQLContext, team: Team): Promise<TeamSummary> {
  let loader = summaryLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(
      async (teams: readonly Team[]) => {
        const summaries = await ctx.services.teams.summaries(ctx.viewer, [...teams]);
        return teams.map((t) => summaries.find((s) => s.team.id === t.id) ?? new Error(`team ${t.id}`));
      },
      // Rights change within a request (a mutation, then its answer): never serve a stale summary.
      { cache: false, cacheKeyFn: (team) => team.id },
    );
    summaryLoaders.set(ctx, loader);
  }
  return loader.load(team);
}
