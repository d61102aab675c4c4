import { Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { publicSiteInfo, QUIRE_VERSION } from '../../domain';
import type { GraphQLContext } from '../context';

@ObjectType({ description: 'Public site settings (landing page, login screen)' })
export class SiteInfo {
  @Field(() => Int, { description: '1 landing page, 2 straight to login, 3 open homeItem, 4 public square' })
  homePage!: number;

  @Field({ description: "Id of the item the home page opens when its mode is 3, as text; '0' if none" })
  homeItem!: string;

  @Field({ description: 'Record-filing (ICP) text for the footer' })
  beian!: string;

  @Field({ description: 'Anyone may create an account' })
  registerOpen!: boolean;

  @Field({ description: 'The AI assistant is available' })
  showAi!: boolean;

  @Field({ description: 'The public square is shown' })
  publicSquareEnabled!: boolean;

  @Field({ description: 'OAuth2 sign-in is offered' })
  oauth2Open!: boolean;

  @Field({ description: 'Label of the OAuth2 sign-in button' })
  oauth2EntranceTips!: string;

  @Field({ description: "Pages show a watermark with the reader's name" })
  showWatermark!: boolean;

  @Field({ description: 'Every read needs a signed-in user' })
  forceLogin!: boolean;

  @Field({ description: 'Quire server version' })
  version!: string;
}

@Resolver()
export class SiteResolver {
  @Query(() => SiteInfo, { description: 'Public site settings the web app needs before sign-in' })
  async siteInfo(@Ctx() ctx: GraphQLContext): Promise<SiteInfo> {
    return { ...(await publicSiteInfo(ctx.services.settings)), version: QUIRE_VERSION };
  }
}
