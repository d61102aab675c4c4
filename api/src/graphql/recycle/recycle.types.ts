import { Field, Int, ObjectType } from 'type-graphql';
import type { RecycleEntry } from '../../../../db/src';

@ObjectType({ description: 'A deleted page in the recycle bin (purged 30 days after deletion)' })
export class RecycledPage {
  @Field(() => Int)
  pageId!: number;

  @Field()
  title!: string;

  @Field(() => Int, { nullable: true, description: 'null for the open API or a user since deleted' })
  deletedById!: number | null;

  @Field()
  deletedByName!: string;

  @Field()
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
