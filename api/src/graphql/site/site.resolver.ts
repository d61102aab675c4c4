import { Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { publicSiteInfo, QUIRE_VERSION } from '../../domain';
import type { GraphQLContext } from '../context';

@ObjectType({ description: 'Public site settings (landing page, login screen)' })
export class SiteInfo {
  @Field(() => Int, { description: '1 landing page, 2 straight to login, 3 open homeItem, 4 public square' })
  homePage!: number;

  @Field()
  homeItem!: string;

  @Field({ description: 'Record-filing (ICP) text for the footer' })
  beian!: string;

  @Field()
  registerOpen!: boolean;

  @Field()
  showAi!: boolean;

  @Field()
  publicSquareEnabled!: boolean;

  @Field()
  oauth2Open!: boolean;

  @Field()
  oauth2EntranceTips!: string;

  @Field()
  showWatermark!: boolean;

  @Field()
  forceLogin!: boolean;

  @Field()
  version!: string;
}

@Resolver()
export class SiteResolver {
  @Query(() => SiteInfo)
  async siteInfo(@Ctx() ctx: GraphQLContext): Promise<SiteInfo> {
    return { ...(await publicSiteInfo(ctx.services.settings)), version: QUIRE_VERSION };
  }
}
