import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { User as UserEntity } from '../../../../db/src';
import type { AdminItemRow, OssSetting, SiteConfig as SiteConfigModel } from '../../domain';
import { Item } from '../items/item.types';

@ObjectType({ description: 'A user account as the site administrator sees it' })
export class AdminUser {
  @Field(() => Int, { description: "User id (ShowDoc's `uid`)" })
  id!: number;

  @Field({ description: 'Login name' })
  username!: string;

  @Field(() => String, { nullable: true, description: 'Display name, null if not set' })
  name!: string | null;

  @Field(() => String, { nullable: true, description: 'E-mail address, null if none' })
  email!: string | null;

  @Field(() => Int, { description: '1 administrator, 2 ordinary user' })
  groupId!: number;

  @Field({ description: 'Signed in through LDAP, OAuth2 or single sign-on at least once' })
  isSso!: boolean;

  @Field({ description: 'When the account was created (ISO 8601)' })
  createdAt!: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'When the user last signed in (ISO 8601), null if never',
  })
  lastLoginAt!: Date | null;

  static from(user: UserEntity): AdminUser {
    return Object.assign(new AdminUser(), {
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      groupId: user.groupId,
      isSso: user.isSso,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
    });
  }
}

@ObjectType({ description: 'One page of the administrator’s user list' })
export class AdminUserPage {
  @Field(() => Int, { description: 'Number of matching users on all pages' })
  total!: number;

  @Field(() => [AdminUser], { description: 'Users of the requested page' })
  users!: AdminUser[];
}

@ObjectType({ description: 'An item of the site, with what the administrator’s list shows about it' })
export class AdminItem {
  @Field(() => Item, { description: 'The item' })
  item!: Item;

  @Field(() => Int, { description: "User id of the item's owner" })
  ownerId!: number;

  @Field({ description: "Login name of the item's owner" })
  ownerUsername!: string;

  @Field(() => Int, { description: 'People added directly or through teams' })
  memberCount!: number;

  @Field(() => Date, { nullable: true, description: 'Set for deleted items' })
  deletedAt!: Date | null;

  static from(row: AdminItemRow): AdminItem {
    return Object.assign(new AdminItem(), {
      item: Item.from(row.item),
      ownerId: row.owner.id,
      ownerUsername: row.owner.username,
      memberCount: row.memberCount,
      deletedAt: row.item.deletedAt,
    });
  }
}

@ObjectType({ description: 'One page of the administrator’s item list' })
export class AdminItemPage {
  @Field(() => Int, { description: 'Number of matching items on all pages' })
  total!: number;

  @Field(() => [AdminItem], { description: 'Items of the requested page' })
  items!: AdminItem[];
}

@InputType({ description: 'Creates a user (id absent) or edits one (the username is then ignored)' })
export class SaveUserInput {
  @Field(() => Int, { nullable: true, description: 'User to edit; absent or null creates a new user' })
  id?: number | null;

  @Field({ defaultValue: '', description: 'Login name' })
  username!: string;

  @Field(() => String, { nullable: true, description: 'Required to create; blank keeps it on edit' })
  password?: string | null;

  @Field(() => String, { nullable: true, description: 'Absent keeps the name on edit' })
  name?: string | null;
}

@ObjectType('OssSetting', { description: 'Object storage used for uploads when ossOpen' })
@InputType('OssSettingInput', { description: 'Object storage used for uploads when ossOpen' })
export class OssSettingType implements OssSetting {
  @Field(() => String, { nullable: true, description: 's3_storage, aliyun, qiniu or qcloud' })
  oss_type?: string;

  @Field(() => String, { nullable: true, description: 'Access key id (Aliyun OSS, Qiniu, S3)' })
  key?: string;

  @Field(() => String, { nullable: true, description: 'Access key secret (Aliyun OSS, Qiniu, S3)' })
  secret?: string;

  @Field(() => String, { nullable: true, description: 'Storage endpoint host or URL' })
  endpoint?: string;

  @Field(() => String, { nullable: true, description: 'Storage region' })
  region?: string;

  @Field(() => String, { nullable: true, description: 'SecretId (Tencent Cloud COS)' })
  secretId?: string;

  @Field(() => String, { nullable: true, description: 'SecretKey (Tencent Cloud COS)' })
  secretKey?: string;

  @Field(() => String, { nullable: true, description: 'Bucket name' })
  bucket?: string;

  @Field(() => String, { nullable: true, description: 'Folder inside the bucket where uploads are stored' })
  subcat?: string;

  @Field(() => String, { nullable: true, description: 'URL scheme of stored files, http or https' })
  protocol?: string;

  @Field(() => String, { nullable: true, description: 'Domain that serves stored files' })
  domain?: string;
}

@ObjectType('SiteConfig', { description: 'Every site setting of the administrator console' })
@InputType('SiteConfigInput', {
  description: 'Site settings to save (administrators only; ShowDoc adminSetting/saveConfig)',
})
export class SiteConfigType implements SiteConfigModel {
  @Field({ description: 'Anyone may create an account' })
  registerOpen!: boolean;

  @Field(() => Int, { description: '1 landing page, 2 login page, 3 open homeItem, 4 public square' })
  homePage!: number;

  @Field(() => Int, { description: 'Item opened by home page 3; 0 none' })
  homeItem!: number;

  @Field(() => Int, { description: 'Versions kept per page, 1..1000' })
  historyVersionCount!: number;

  @Field({ description: "Pages show a watermark with the reader's name" })
  showWatermark!: boolean;

  @Field({ description: 'ICP filing number (Chinese interface only)' })
  beian!: string;

  @Field({ description: 'Public base URL of the site, used in links Quire sends out' })
  siteUrl!: string;

  @Field({ description: 'Every read needs a signed-in user' })
  forceLogin!: boolean;

  @Field({ description: 'The public square lists public items' })
  enablePublicSquare!: boolean;

  @Field({ description: 'New passwords must meet the strong-password rule' })
  strongPasswordEnabled!: boolean;

  @Field(() => Int, { description: 'Lifetime of new sessions, 1..3650 days' })
  sessionExpireDays!: number;

  @Field({ description: 'Uploads go to object storage (ossSetting) instead of local disk' })
  ossOpen!: boolean;

  @Field(() => OssSettingType, { nullable: true, description: 'Object storage settings; null if never set' })
  ossSetting!: OssSettingType | null;

  @Field({ description: 'Model name sent to the AI service' })
  aiModelName!: string;

  @Field({ description: 'Base URL of the AI service' })
  aiServiceUrl!: string;

  @Field({ description: 'Token sent to the AI service' })
  aiServiceToken!: string;

  @Field({ description: 'Base URL of an OpenAI-compatible API' })
  openAiHost!: string;

  @Field({ description: 'API key of the OpenAI-compatible API' })
  openAiKey!: string;

  @Field({ description: 'System prompt given to the AI assistant' })
  aiSystemPrompt!: string;

  @Field({ description: 'First message the AI assistant shows' })
  aiWelcomeMessage!: string;

  @Field(() => Int, { description: 'Longest message a user may send to the AI assistant, in characters' })
  aiMaxMessageLength!: number;

  @Field(() => Int, { description: 'Most tool calls the AI assistant may make for one answer' })
  aiToolRounds!: number;

  @Field(() => Boolean, {
    nullable: true,
    description: "The HTTP console's server-side relay is on (off by default); omitted on save: unchanged",
  })
  httpRelayOpen?: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Internal hosts the relay may reach: names, addresses or CIDRs; omitted on save: unchanged',
  })
  httpRelayAllowHosts?: string;
}

@ObjectType({ description: 'The running Quire and its database' })
export class AboutSite {
  @Field({ description: 'Quire server version' })
  version!: string;

  @Field({ description: 'Name of the last migration applied' })
  schemaVersion!: string;

  @Field({ description: 'Quire does not update itself: always false' })
  updateAvailable!: boolean;
}
