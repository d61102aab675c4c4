import { Field, Int, ObjectType } from 'type-graphql';
import type { SinglePageLink } from '../../../../db/src';
import type { SharedPage as SharedPageModel } from '../../domain';

@ObjectType({ description: 'The public link of one page' })
export class ShareLink {
  @Field(() => Int, { description: 'The shared page' })
  pageId!: number;

  @Field({ description: '32 random hex digits' })
  key!: string;

  @Field({ description: 'The web path of the shared page: /p/{key}' })
  path!: string;

  @Field(() => Date, { nullable: true, description: 'null: never expires' })
  expiresAt!: Date | null;

  @Field({ description: 'When the link was created (ISO 8601)' })
  createdAt!: Date;

  static from(link: SinglePageLink): ShareLink {
    return Object.assign(new ShareLink(), {
      pageId: link.page.id,
      key: link.uniqueKey,
      path: `/p/${link.uniqueKey}`,
      expiresAt: link.expiresAt,
      createdAt: link.createdAt,
    });
  }
}

@ObjectType({ description: 'A page opened by its share key: the page alone, nothing of its item around it' })
export class SharedPage {
  @Field({ description: 'Share key of the link' })
  key!: string;

  @Field({ description: 'Page title' })
  title!: string;

  @Field({ description: 'Markdown as written' })
  content!: string;

  @Field({ description: "The last editor's username" })
  authorName!: string;

  @Field({ description: 'When the page was last saved (ISO 8601)' })
  updatedAt!: Date;

  @Field(() => Int, { description: 'Number of files attached to the page' })
  attachmentCount!: number;

  @Field(() => Date, { nullable: true, description: 'null: the link never expires' })
  expiresAt!: Date | null;

  static from(shared: SharedPageModel): SharedPage {
    return Object.assign(new SharedPage(), {
      key: shared.link.uniqueKey,
      title: shared.page.title,
      content: shared.page.content,
      authorName: shared.page.authorName,
      updatedAt: shared.page.updatedAt,
      attachmentCount: shared.attachmentCount,
      expiresAt: shared.link.expiresAt,
    });
  }
}
