import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { aboutSite } from '../../domain';
import type { GraphQLContext } from '../context';
import { Item } from '../items/item.types';
import { LdapConfig, LdapFormType, OAuth2Config, OAuth2FormType } from './external-login.types';
import {
  AboutSite,
  AdminItem,
  AdminItemPage,
  AdminUser,
  AdminUserPage,
  SaveUserInput,
  SiteConfigType,
} from './admin.types';

/**
 * The administrator console. Naming: every field is `admin…` (queries `adminUsers`, `adminItems`,
 * `adminSiteConfig`...; mutations `adminSaveUser`, `adminTransferItem`...), and each answers FORBIDDEN
 * (showdocCode 10103) to anyone but a site administrator.
 */
@Resolver()
export class AdminResolver {
  @Query(() => AdminUserPage, { description: 'Users, newest first; search matches id, username or e-mail' })
  async adminUsers(
    @Ctx() ctx: GraphQLContext,
    @Arg('search', { defaultValue: '' }) search: string,
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Arg('count', () => Int, { defaultValue: 20 }) count: number,
  ): Promise<AdminUserPage> {
    const list = await ctx.services.adminUsers.list(ctx.viewer, { search, page, count });
    return { total: list.total, users: list.users.map((u) => AdminUser.from(u)) };
  }

  @Mutation(() => AdminUser, { description: 'Creates a user, or edits the name and password of one' })
  async adminSaveUser(@Arg('input') input: SaveUserInput, @Ctx() ctx: GraphQLContext): Promise<AdminUser> {
    const user = await ctx.services.adminUsers.save(ctx.viewer, {
      uid: input.id ?? 0,
      username: input.username,
      password: input.password ?? '',
      name: input.name ?? undefined,
    });
    return AdminUser.from(user);
  }

  @Mutation(() => Boolean, {
    description: 'Deletes a user owning no live items or teams (never the administrator themself)',
  })
  async adminDeleteUser(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.adminUsers.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => Boolean, { description: "Sets a user's password; their sessions end" })
  async adminChangePassword(
    @Arg('id', () => Int) id: number,
    @Arg('newPassword') newPassword: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.adminUsers.changePassword(ctx.viewer, id, newPassword);
    return true;
  }

  @Query(() => AdminItemPage, { description: 'Every item of the site, live or deleted' })
  async adminItems(
    @Ctx() ctx: GraphQLContext,
    @Arg('itemName', { defaultValue: '' }) itemName: string,
    @Arg('username', { defaultValue: '', description: "Owner's username (substring)" }) username: string,
    @Arg('privacy', () => Int, { defaultValue: 0, description: '2 public, 3 private, else both' })
    privacy: number,
    @Arg('deleted', { defaultValue: false }) deleted: boolean,
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Arg('count', () => Int, { defaultValue: 20 }) count: number,
  ): Promise<AdminItemPage> {
    const list = await ctx.services.adminItems.list(ctx.viewer, {
      itemName,
      username,
      privacy,
      deleted,
      page,
      count,
    });
    return { total: list.total, items: list.items.map(AdminItem.from) };
  }

  @Mutation(() => Boolean, { description: 'Moves an item to the deleted list' })
  async adminDeleteItem(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.adminItems.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => Item, { description: 'Brings a deleted item back, with all its pages' })
  async adminRecoverItem(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<Item> {
    return Item.from(await ctx.services.adminItems.recover(ctx.viewer, id));
  }

  @Mutation(() => Boolean, { description: 'Removes a deleted item for good' })
  async adminHardDeleteItem(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.adminItems.hardDelete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => Item, { description: "Gives an item to another user (no owner's password needed)" })
  async adminTransferItem(
    @Arg('id', () => Int) id: number,
    @Arg('username') username: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Item> {
    return Item.from(await ctx.services.adminItems.transfer(ctx.viewer, id, username));
  }

  @Query(() => SiteConfigType, {
    description: 'Every site setting (administrators only; ShowDoc adminSetting/loadConfig)',
  })
  adminSiteConfig(@Ctx() ctx: GraphQLContext): Promise<SiteConfigType> {
    return ctx.services.siteConfig.load(ctx.viewer) as Promise<SiteConfigType>;
  }

  @Mutation(() => SiteConfigType, { description: 'Checks and saves every site setting at once' })
  adminSaveSiteConfig(
    @Arg('input', () => SiteConfigType) input: SiteConfigType,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SiteConfigType> {
    return ctx.services.siteConfig.save(ctx.viewer, input) as Promise<SiteConfigType>;
  }

  @Query(() => String, { description: 'The key signing single sign-on links (created on first read)' })
  adminLoginSecretKey(@Ctx() ctx: GraphQLContext): Promise<string> {
    return ctx.services.secretKeyLogin.key(ctx.viewer);
  }

  @Mutation(() => String, {
    description: 'A new single sign-on key: links signed with the old one stop working',
  })
  adminResetLoginSecretKey(@Ctx() ctx: GraphQLContext): Promise<string> {
    return ctx.services.secretKeyLogin.reset(ctx.viewer);
  }

  @Query(() => LdapConfig, {
    description: 'LDAP sign-in settings (administrators only; ShowDoc adminSetting/loadLdapConfig)',
  })
  adminLdapConfig(@Ctx() ctx: GraphQLContext): Promise<LdapConfig> {
    return ctx.services.ldap.load(ctx.viewer);
  }

  @Mutation(() => Int, {
    description:
      'Saves the LDAP settings; turning LDAP on first binds and lists the directory, then creates its accounts (answers how many)',
  })
  async adminSaveLdapConfig(
    @Arg('open') open: boolean,
    @Arg('form', () => LdapFormType) form: LdapFormType,
    @Ctx() ctx: GraphQLContext,
  ): Promise<number> {
    return (await ctx.services.ldap.save(ctx.viewer, open, form)).syncCount;
  }

  @Mutation(() => Int, {
    description: 'Binds with these settings and counts the directory users (saves nothing)',
  })
  adminTestLdap(
    @Arg('form', () => LdapFormType) form: LdapFormType,
    @Ctx() ctx: GraphQLContext,
  ): Promise<number> {
    return ctx.services.ldap.test(ctx.viewer, form);
  }

  @Mutation(() => Int, {
    description: 'Creates local accounts for directory users who have none; answers how many',
  })
  adminSyncLdapUsers(@Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.ldap.sync(ctx.viewer);
  }

  @Query(() => OAuth2Config, {
    description: 'OAuth2 sign-in settings (administrators only; ShowDoc adminSetting/loadOauth2Config)',
  })
  adminOAuth2Config(@Ctx() ctx: GraphQLContext): Promise<OAuth2Config> {
    return ctx.services.oauth2.load(ctx.viewer) as Promise<OAuth2Config>;
  }

  @Mutation(() => Boolean, { description: 'Saves the OAuth2 settings (checked when turned on)' })
  async adminSaveOAuth2Config(
    @Arg('open') open: boolean,
    @Arg('form', () => OAuth2FormType) form: OAuth2FormType,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.oauth2.save(ctx.viewer, open, form);
    return true;
  }

  @Query(() => AboutSite, { description: 'Version of this Quire server (administrators only)' })
  adminAbout(@Ctx() ctx: GraphQLContext): Promise<AboutSite> {
    return aboutSite(ctx.services.em, ctx.viewer);
  }
}
