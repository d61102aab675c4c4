import { Field, Int, ObjectType } from 'type-graphql';
import type { RecycleEntry } from '../../../../db/src';

@ObjectType({ description: 'A deleted page in the recycle bin (purged 30 days after deletion)' })
export class RecycledPage {
  @Field(() => Int, { description: 'Id the page had' })
  pageId!: number;

  @Field({ description: 'Page title' })
  title!: string;

  @Field(() => Int, { nullable: true, description: 'null for the open API or a user since deleted' })
  deletedById!: number | null;

  @Field({ description: 'Who deleted the page' })
  deletedByName!: string;

  @Field({ description: 'When the page was deleted (ISO 8601)' })
  deletedAt!: Date;

  @Field(() => Int, {
    nullable: true,
    description: 'The catalog deleted with the page, if it went with one: recovering brings it back',
  })
  deletedWithCatalogId!: number | null;

  static from(entry: RecycleEntry): RecycledPage {
    return Object.assign(new RecycledPage(), {
      pageId: entry.page.id,
      title: entry.title,
      deletedById: entry.deletedBy?.id ?? null,
      deletedByName: entry.deletedByName,
      deletedAt: entry.deletedAt,
      deletedWithCatalogId: entry.deletedWithCatalogId,
    });
  }
}
