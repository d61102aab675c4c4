import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';

@Resolver()
export class ExternalLoginResolver {
  @Query(() => String, {
    description:
      "Where the web app sends the browser after a logout while OAuth2 is on (the provider's logout); '' otherwise",
  })
  oauth2LogoutRedirect(@Ctx() ctx: GraphQLContext): Promise<string> {
    return ctx.services.oauth2.logoutRedirect();
  }
}
