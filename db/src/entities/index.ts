import { UserAiToken } from './ai-token';
import { Attachment, AttachmentPage, FileFlow } from './attachment';
import { Catalog } from './catalog';
import { PageComment } from './comment';
import { ImportMap } from './import';
import {
  ExportLog,
  Item,
  ItemApiKey,
  ItemChangeLog,
  ItemGroup,
  ItemGroupItem,
  ItemMenuVersion,
  ItemSort,
  ItemStar,
  ItemTop,
  ItemVisitGrant,
} from './item';
import { ItemMember } from './member';
import { Message, MessageContent, Subscription } from './message';
import { Mock } from './mock';
import { SiteOption } from './option';
import { Page, PageHistory, PageLock, PageSearchGram, RecycleEntry, SinglePageLink } from './page';
import { Team, TeamItem, TeamItemMember, TeamMember } from './team';
import { Template, TemplateItem } from './template';
import { Captcha, User, UserToken } from './user';
import { Webhook, WebhookDelivery } from './webhook';

export * from './ai-token';
export * from './attachment';
export * from './base';
export * from './catalog';
export * from './comment';
export * from './import';
export * from './item';
export * from './member';
export * from './message';
export * from './mock';
export * from './option';
export * from './page';
export * from './team';
export * from './template';
export * from './user';
export * from './webhook';

export const allEntities = [
  User,
  UserToken,
  UserAiToken,
  Captcha,
  SiteOption,
  Item,
  ItemGroup,
  ItemGroupItem,
  ItemSort,
  ItemStar,
  ItemTop,
  ItemApiKey,
  ItemChangeLog,
  ItemVisitGrant,
  ItemMenuVersion,
  ExportLog,
  Catalog,
  Page,
  PageHistory,
  RecycleEntry,
  SinglePageLink,
  PageLock,
  PageSearchGram,
  ItemMember,
  Team,
  TeamMember,
  TeamItem,
  TeamItemMember,
  Template,
  TemplateItem,
  Attachment,
  AttachmentPage,
  FileFlow,
  Mock,
  Subscription,
  MessageContent,
  Message,
  ImportMap,
  Webhook,
  WebhookDelivery,
  PageComment,
];
