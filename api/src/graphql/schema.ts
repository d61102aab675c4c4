import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { createInProcessPubSub, type PubSub } from '../pubsub/pubsub';
import { AccountResolver } from './accounts/account.resolver';
import { AiTokenResolver } from './ai/ai-token.resolver';
import { AdminResolver } from './admin/admin.resolver';
import { ExternalLoginResolver } from './admin/external-login.resolver';
import { ShowdocImportResolver } from './admin/showdoc-import.resolver';
import { CatalogResolver, ItemMenuResolver } from './catalogs/catalog.resolver';
import { PageCommentResolver } from './comments/comment.resolver';
import { OpenApiExportResolver } from './openapi-export/openapi-export.resolver';
import { ChangeLogResolver } from './changelog/changelog.resolver';
import { ExportResolver } from './export/export.resolver';
import { FileResolver, PageAttachmentsResolver } from './files/file.resolver';
import { ImportResolver } from './imports/import.resolver';
import { PageHistoryResolver } from './history/history.resolver';
import { ItemResolver } from './items/item.resolver';
import { PageLockResolver } from './locks/lock.resolver';
import { MemberResolver } from './members/member.resolver';
import { MessageResolver } from './messages/message.resolver';
import { MockResolver } from './mock/mock.resolver';
import { PageResolver } from './pages/page.resolver';
import { RecycleResolver } from './recycle/recycle.resolver';
import { SearchResolver } from './search/search.resolver';
import { ShareResolver } from './share/share.resolver';
import { ItemSheetsResolver, PageDiffSheetsResolver, PageSheetsResolver } from './sheets/sheet.resolver';
import { PageSubscriptionResolver } from './subscriptions/page-subscription.resolver';
import { SiteResolver } from './site/site.resolver';
import { PublicSquareResolver } from './square/square.resolver';
import { TeamMembershipResolver, TeamResolver } from './teams/team.resolver';
import { TemplateResolver } from './templates/template.resolver';
import { WebhookResolver } from './webhooks/webhook.resolver';

export const resolvers = [
  AccountResolver,
  SiteResolver,
  ItemResolver,
  CatalogResolver,
  ItemMenuResolver,
  PageResolver,
  SearchResolver,
  MemberResolver,
  TeamResolver,
  TeamMembershipResolver,
  PageHistoryResolver,
  RecycleResolver,
  PageLockResolver,
  ShareResolver,
  TemplateResolver,
  ChangeLogResolver,
  ExportResolver,
  MessageResolver,
  PageSubscriptionResolver,
  MockResolver,
  WebhookResolver,
  PageCommentResolver,
  OpenApiExportResolver,
  FileResolver,
  PageAttachmentsResolver,
  ImportResolver,
  AdminResolver,
  PublicSquareResolver,
  ExternalLoginResolver,
  AiTokenResolver,
  PageSheetsResolver,
  ItemSheetsResolver,
  PageDiffSheetsResolver,
  ShowdocImportResolver,
] as const;

/** `pubSub`: the process's event bus (a throwaway one when the schema is only printed). */
export function buildGraphQLSchema(pubSub: PubSub = createInProcessPubSub()): Promise<GraphQLSchema> {
  readPlainFieldsDirectly();
  return buildSchema({ resolvers, validate: false, pubSub });
}

/**
 * Every plain field (a property, read under its own name, without arguments, middlewares or roles) is
 * read by the executor itself instead of through a resolver type-graphql makes for it (issue #14). That
 * resolver only returns `root[name]`, but the compiled executor treats a field with a resolver as work:
 * it builds a resolve info and handles a possible promise for each such field of each object (GraphQL
 * `search`: 410 kB allocated per request, most of it there). Field resolvers and methods keep theirs
 * (type-graphql resolves them through their own metadata first); a field marked `simple: false` keeps its
 * resolver; a getter is read the same either way.
 */
function readPlainFieldsDirectly(): void {
  for (const field of getMetadataStorage().fields) {
    if (
      field.simple === undefined &&
      field.name === field.schemaName &&
      !field.params?.length &&
      !field.middlewares?.length &&
      !field.roles?.length
    )
      field.simple = true;
  }
}

/** The SDL committed at schema/schema.graphql: sorted, so the diff shows only real changes. */
export function printSdl(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
