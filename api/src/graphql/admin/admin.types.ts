import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { User as UserEntity } from '../../../../db/src';
import type { AdminItemRow, OssSetting, SiteConfig as SiteConfigModel } from '../../domain';
import { Item } from '../items/item.types';

@ObjectType({ description: 'A user account as the site administrator sees it' })
export class AdminUser {
  @Field(() => Int)
  id!: number;

  @Field()
  username!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => Int, { description: '1 administrator, 2 ordinary user' })
  groupId!: number;

  @Field({ description: 'Signed in through LDAP, OAuth2 or single sign-on at least once' })
  isSso!: boolean;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
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
  @Field(() => Int)
  total!: number;

  @Field(() => [AdminUser])
  users!: AdminUser[];
}

@ObjectType({ description: 'An item of the site, with what the administrator’s list shows about it' })
export class AdminItem {
  @Field(() => Item)
  item!: Item;

  @Field(() => Int)
  ownerId!: number;

  @Field()
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
  @Field(() => Int)
  total!: number;

  @Field(() => [AdminItem])
  items!: AdminItem[];
}

@InputType({ description: 'Creates a user (id absent) or edits one (the username is then ignored)' })
export class SaveUserInput {
  @Field(() => Int, { nullable: true })
  id?: number | null;

  @Field({ defaultValue: '' })
  username!: string;

  @Field(() => String, { nullable: true, description: 'Required to create; blank keeps it on edit' })
  password?: string | null;

  @Field(() => String, { nullable: true, description: 'Absent keeps the name on edit' })
  name?: string | null;
}

@ObjectType('OssSetting', { description: 'Object storage used for uploads when ossOpen' })
@InputType('OssSettingInput')
export class OssSettingType implements OssSetting {
  @Field(() => String, { nullable: true, description: 's3_storage, aliyun, qiniu or qcloud' })
  oss_type?: string;

  @Field(() => String, { nullable: true })
  key?: string;

  @Field(() => String, { nullable: true })
  secret?: string;

  @Field(() => String, { nullable: true })
  endpoint?: string;

  @Field(() => String, { nullable: true })
  region?: string;

  @Field(() => String, { nullable: true })
  secretId?: string;

  @Field(() => String, { nullable: true })
  secretKey?: string;

  @Field(() => String, { nullable: true })
  bucket?: string;

  @Field(() => String, { nullable: true })
  subcat?: string;

  @Field(() => String, { nullable: true })
  protocol?: string;

  @Field(() => String, { nullable: true })
  domain?: string;
}

@ObjectType('SiteConfig', { description: 'Every site setting of the administrator console' })
@InputType('SiteConfigInput')
export class SiteConfigType implements SiteConfigModel {
  @Field()
  registerOpen!: boolean;

  @Field(() => Int, { description: '1 landing page, 2 login page, 3 open homeItem, 4 public square' })
  homePage!: number;

  @Field(() => Int, { description: 'Item opened by home page 3; 0 none' })
  homeItem!: number;

  @Field(() => Int, { description: 'Versions kept per page, 1..1000' })
  historyVersionCount!: number;

  @Field()
  showWatermark!: boolean;

  @Field({ description: 'ICP filing number (Chinese interface only)' })
  beian!: string;

  @Field()
  siteUrl!: string;

  @Field({ description: 'Every read needs a signed-in user' })
  forceLogin!: boolean;

  @Field()
  enablePublicSquare!: boolean;

  @Field()
  strongPasswordEnabled!: boolean;

  @Field(() => Int, { description: 'Lifetime of new sessions, 1..3650 days' })
  sessionExpireDays!: number;

  @Field()
  ossOpen!: boolean;

  @Field(() => OssSettingType, { nullable: true })
  ossSetting!: OssSettingType | null;

  @Field()
  aiModelName!: string;

  @Field()
  aiServiceUrl!: string;

  @Field()
  aiServiceToken!: string;

  @Field()
  openAiHost!: string;

  @Field()
  openAiKey!: string;

  @Field()
  aiSystemPrompt!: string;

  @Field()
  aiWelcomeMessage!: string;

  @Field(() => Int)
  aiMaxMessageLength!: number;

  @Field(() => Int)
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
  @Field()
  version!: string;

  @Field({ description: 'Name of the last migration applied' })
  schemaVersion!: string;

  @Field({ description: 'Quire does not update itself: always false' })
  updateAvailable!: boolean;
}
