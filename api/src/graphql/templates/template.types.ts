import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { Template, TemplateItem } from '../../../../db/src';

@ObjectType({ description: 'An item a template is shared to' })
export class TemplateShare {
  @Field(() => Int)
  itemId!: number;

  @Field()
  itemName!: string;

  @Field()
  sharedAt!: Date;

  static from(share: TemplateItem): TemplateShare {
    return Object.assign(new TemplateShare(), {
      itemId: share.item.id,
      itemName: share.item.name,
      sharedAt: share.createdAt,
    });
  }
}

@ObjectType({ description: 'One of your page templates' })
export class PageTemplate {
  @Field(() => Int)
  id!: number;

  @Field()
  title!: string;

  @Field({ description: 'Markdown as written' })
  content!: string;

  @Field()
  createdAt!: Date;

  /** Known when listed with the template; otherwise resolved. */
  knownShares?: TemplateShare[];

  static from(template: Template, shares?: TemplateItem[]): PageTemplate {
    return Object.assign(new PageTemplate(), {
      id: template.id,
      title: template.title,
      content: template.content,
      createdAt: template.createdAt,
      knownShares: shares?.map(TemplateShare.from),
    });
  }
}

@ObjectType({ description: 'A template shared to an item, for its editors' })
export class ItemTemplate {
  @Field(() => Int, { description: 'The template' })
  id!: number;

  @Field(() => Int, { description: 'The share (ShowDoc answers this id in getItemList)' })
  shareId!: number;

  @Field()
  title!: string;

  @Field({ description: 'Markdown as written' })
  content!: string;

  @Field(() => Int)
  sharedById!: number;

  @Field()
  sharedByName!: string;

  @Field()
  sharedAt!: Date;

  static from(share: TemplateItem): ItemTemplate {
    return Object.assign(new ItemTemplate(), {
      id: share.template.id,
      shareId: share.id,
      title: share.template.title,
      content: share.template.content,
      sharedById: share.sharedBy.id,
      sharedByName: share.sharedBy.username,
      sharedAt: share.createdAt,
    });
  }
}

@InputType()
export class SaveTemplateInput {
  @Field(() => Int, { nullable: true, description: 'Absent: a new template' })
  id?: number | null;

  @Field()
  title!: string;

  @Field()
  content!: string;
}
