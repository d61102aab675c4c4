import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { Template, TemplateItem } from '../../../../db/src';

@ObjectType({ description: 'An item a template is shared to' })
export class TemplateShare {
  @Field(() => Int, { description: 'Item the template is shared with' })
  itemId!: number;

  @Field({ description: 'Name of that item' })
  itemName!: string;

  @Field({ description: 'When it was shared (ISO 8601)' })
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
  @Field(() => Int, { description: 'Template id' })
  id!: number;

  @Field({ description: 'Template title' })
  title!: string;

  @Field({ description: 'Markdown as written' })
  content!: string;

  @Field({ description: 'When the template was saved (ISO 8601)' })
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

  @Field({ description: 'Template title' })
  title!: string;

  @Field({ description: 'Markdown as written' })
  content!: string;

  @Field(() => Int, { description: 'User who shared the template' })
  sharedById!: number;

  @Field({ description: 'Name of that user' })
  sharedByName!: string;

  @Field({ description: 'When it was shared (ISO 8601)' })
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

@InputType({ description: 'A page template to save' })
export class SaveTemplateInput {
  @Field(() => Int, { nullable: true, description: 'Absent: a new template' })
  id?: number | null;

  @Field({ description: 'Template title' })
  title!: string;

  @Field({ description: 'Template content (Markdown)' })
  content!: string;
}
