import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { CaptchaChallenge, LoginInput, Me, RegisterInput, Session, User } from './account.types';

@Resolver()
export class AccountResolver {
  @Query(() => Me, { nullable: true, description: 'The signed-in user, or null for a visitor' })
  me(@Ctx() ctx: GraphQLContext): Me | null {
    const account = ctx.viewer.account;
    return account ? Me.fromUser(account) : null;
  }

  @Query(() => [User], { description: 'Users whose username or name contains the text (member pickers)' })
  async users(@Arg('search', () => String, { defaultValue: '' }) search: string, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.accounts.searchUsers(ctx.viewer, search)).map((u) => User.from(u, ctx.viewer));
  }

  @Mutation(() => CaptchaChallenge, {
    description: 'Issues a new image captcha challenge to answer on login or registration',
  })
  async createCaptcha(@Ctx() ctx: GraphQLContext): Promise<CaptchaChallenge> {
    const captcha = await ctx.services.captchas.create(ctx.viewer.ip);
    const svg = (await ctx.services.captchas.image(captcha.id)) ?? '';
    return {
      id: captcha.id,
      image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      expiresAt: captcha.expiresAt,
    };
  }

  @Mutation(() => Session, {
    description:
      'Signs in with username or e-mail and password; returns the new session (ShowDoc user/login)',
  })
  async login(@Arg('input') input: LoginInput, @Ctx() ctx: GraphQLContext): Promise<Session> {
    const session = await ctx.services.accounts.login(input, ctx.viewer.ip);
    ctx.session.set(session.token, session.expiresAt);
    return { token: session.token, expiresAt: session.expiresAt, user: Me.fromUser(session.user) };
  }

  @Mutation(() => Session, {
    description: 'Creates an account and signs it in, when registration is open (ShowDoc user/register)',
  })
  async register(@Arg('input') input: RegisterInput, @Ctx() ctx: GraphQLContext): Promise<Session> {
    const session = await ctx.services.accounts.register(input, ctx.viewer.ip);
    ctx.session.set(session.token, session.expiresAt);
    return { token: session.token, expiresAt: session.expiresAt, user: Me.fromUser(session.user) };
  }

  @Mutation(() => Boolean, { description: "Ends all of the signed-in user's sessions" })
  async logout(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.accounts.logout(ctx.viewer);
    ctx.session.clear();
    return true;
  }

  @Mutation(() => Me, { description: 'Changes the display name of the signed-in user' })
  async updateProfile(@Arg('name') name: string, @Ctx() ctx: GraphQLContext): Promise<Me> {
    return Me.fromUser(await ctx.services.accounts.updateName(ctx.viewer, name));
  }

  @Mutation(() => Boolean, { description: 'Needs the old password; ends every other session' })
  async changePassword(
    @Arg('oldPassword') oldPassword: string,
    @Arg('newPassword') newPassword: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.accounts.changePassword(ctx.viewer, oldPassword, newPassword);
    return true;
  }
}
