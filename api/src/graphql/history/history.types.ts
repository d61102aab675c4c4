import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { PageHistory } from '../../../../db/src';
import type { DiffLine as DiffLineModel, DiffOp as DiffOpModel } from '../../domain';
import { Page } from '../pages/page.types';

@ObjectType({ description: 'An earlier version of a page, kept when a save replaced it' })
export class PageVersion {
  @Field(() => Int, { description: 'The id of this history entry (ShowDoc page_history_id)' })
  id!: number;

  @Field(() => Int, { description: 'Page this version belongs to' })
  pageId!: number;

  @Field(() => Int, { description: 'The page version number this entry holds' })
  version!: number;

  @Field({ description: 'Page title in this version' })
  title!: string;

  @Field({ description: 'Markdown as written' })
  content!: string;

  @Field({ description: 'The note of this version' })
  comments!: string;

  @Field(() => Int, { nullable: true, description: 'Where the page was then; null at the item root' })
  catalogId!: number | null;

  @Field(() => Int, { nullable: true, description: 'Who saved this version; null for the open API' })
  authorId!: number | null;

  @Field({ description: 'Who saved this version' })
  authorName!: string;

  @Field({ description: 'When this version was saved' })
  savedAt!: Date;

  static from(history: PageHistory): PageVersion {
    return Object.assign(new PageVersion(), {
      id: history.id,
      pageId: history.page.id,
      version: history.version,
      title: history.title,
      content: history.content,
      comments: history.comments,
      catalogId: history.catalogId,
      authorId: history.author?.id ?? null,
      authorName: history.authorName,
      savedAt: history.createdAt,
    });
  }
}

export enum DiffOp {
  EQUAL = 'equal',
  DELETE = 'delete',
  INSERT = 'insert',
}
registerEnumType(DiffOp, {
  valuesConfig: {
    EQUAL: { description: 'In both the version and the current page' },
    DELETE: { description: 'Only in the historical version' },
    INSERT: { description: 'Only in the current page' },
  },
  name: 'DiffOp',
  description: 'A line kept, only in the version, or only now',
});

const DIFF_OPS: Record<DiffOpModel, DiffOp> = {
  equal: DiffOp.EQUAL,
  delete: DiffOp.DELETE,
  insert: DiffOp.INSERT,
};

@ObjectType({ description: 'One line of a comparison of a version (old) with the current page (new)' })
export class DiffLine {
  @Field(() => DiffOp, { description: 'Whether the line is in both texts, only the version or only now' })
  op!: DiffOp;

  @Field({ description: 'The line, without its line break' })
  text!: string;

  @Field(() => Int, { nullable: true, description: 'Line number in the version' })
  oldLine!: number | null;

  @Field(() => Int, { nullable: true, description: 'Line number in the current page' })
  newLine!: number | null;

  static from(line: DiffLineModel): DiffLine {
    return Object.assign(new DiffLine(), { ...line, op: DIFF_OPS[line.op] });
  }
}

@ObjectType({ description: 'The current page beside one of its versions' })
export class PageDiff {
  @Field(() => Page, { description: 'The page as it is now' })
  current!: Page;

  @Field(() => PageVersion, { description: 'The historical version compared' })
  version!: PageVersion;

  @Field(() => [DiffLine], { description: 'Line by line, from the version to the current content' })
  lines!: DiffLine[];
}
