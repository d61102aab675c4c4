import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { PageMock, RelayRequestInput, RelayResponse } from './mock.types';

/** Mock endpoints (compat-api §13) and the HTTP console's relay (issue #21). */
@Resolver()
export class MockResolver {
  @Query(() => PageMock, { nullable: true, description: "A page's mock endpoint, or null (readers)" })
  async pageMock(
    @Arg('pageId', () => Int, { description: 'The page' }) pageId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageMock | null> {
    const mock = await ctx.services.mocks.ofPage(ctx.viewer, pageId);
    return mock ? PageMock.from(mock) : null;
  }

  @Mutation(() => PageMock, {
    description: "Creates or updates a page's mock (editors): a Mock.js JSON template and a path",
  })
  async savePageMock(
    @Arg('pageId', () => Int, { description: 'The page (saved first)' }) pageId: number,
    @Arg('template', { description: 'Mock.js template, JSON; no functions' }) template: string,
    @Arg('path', { defaultValue: '/', description: "`/x` or `~regex`; default '/'" }) path: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageMock> {
    return PageMock.from(await ctx.services.mocks.save(ctx.viewer, pageId, template, path));
  }

  @Query(() => Boolean, {
    description: "Whether the administrator turned on the HTTP console's server-side relay",
  })
  async httpRelayEnabled(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.relay.enabled();
  }

  @Mutation(() => RelayResponse, {
    description:
      'Sends an HTTP console request through the server (when the relay is on): public targets only, unless allow-listed',
  })
  async relayHttpRequest(
    @Arg('request', () => RelayRequestInput, { description: 'The request to send' })
    request: RelayRequestInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RelayResponse> {
    const answer = await ctx.services.relay.send(ctx.viewer, request);
    return Object.assign(new RelayResponse(), answer);
  }
}
