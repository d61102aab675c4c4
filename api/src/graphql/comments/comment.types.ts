import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { CommentPage, CommentView } from '../../domain';
import type { PageCommentAction as PageCommentActionModel, PageCommentEvent } from '../../pubsub/topics';

export enum PageCommentAction {
  ADDED = 'ADDED',
  DELETED = 'DELETED',
}
registerEnumType(PageCommentAction, {
  name: 'PageCommentAction',
  description: "What happened to a page's comments",
  valuesConfig: {
    ADDED: { description: 'A comment or a reply was posted' },
    DELETED: { description: 'A comment (and its replies, for a top-level one) was deleted' },
  },
});

const ACTIONS: Record<PageCommentActionModel, PageCommentAction> = {
  ADDED: PageCommentAction.ADDED,
  DELETED: PageCommentAction.DELETED,
};

@ObjectType({ description: 'A comment under a page; top-level comments carry their replies' })
export class PageComment {
  @Field(() => Int, { description: 'The comment id' })
  id!: number;

  @Field(() => Int, { description: 'The page commented on' })
  pageId!: number;

  @Field(() => Int, { description: 'The top-level comment this replies to; 0 for a top-level comment' })
  parentId!: number;

  @Field(() => Int, { nullable: true, description: "The author's user id; null once the account is gone" })
  userId!: number | null;

  @Field({ description: "The author's username as shown" })
  username!: string;

  @Field({ description: 'The text as written (markdown, rendered sanitised)' })
  content!: string;

  @Field({ description: 'When it was written' })
  createdAt!: Date;

  @Field({ description: 'You wrote it' })
  mine!: boolean;

  @Field({ description: 'You may delete it (its author or a manager of the item)' })
  canDelete!: boolean;

  @Field(() => [PageComment], { description: 'Replies, oldest first (empty for a reply)' })
  replies!: PageComment[];

  static from(view: CommentView): PageComment {
    const c = view.comment;
    return Object.assign(new PageComment(), {
      id: c.id,
      pageId: c.page.id,
      parentId: c.parent?.id ?? 0,
      userId: c.user?.id ?? null,
      username: c.username,
      content: c.content,
      createdAt: c.createdAt,
      mine: view.mine,
      canDelete: view.canDelete,
      replies: view.replies.map(PageComment.from),
    });
  }
}

@ObjectType({ description: "One slice of a page's comment threads, newest first" })
export class PageCommentList {
  @Field(() => Int, { description: 'Top-level comments on the page' })
  total!: number;

  @Field(() => Int, { description: 'The slice number, from 1' })
  page!: number;

  @Field(() => Int, { description: 'Top-level comments per slice' })
  count!: number;

  @Field({ description: "The page's item allows comments (otherwise the list is empty)" })
  enabled!: boolean;

  @Field({ description: 'You may add a comment' })
  canComment!: boolean;

  @Field(() => [PageComment], { description: 'Top-level comments with their replies' })
  comments!: PageComment[];

  static from(list: CommentPage): PageCommentList {
    return Object.assign(new PageCommentList(), { ...list, comments: list.comments.map(PageComment.from) });
  }
}

@ObjectType({ description: "A change of a page's comments, pushed to readers of the page" })
export class PageCommentChange {
  @Field(() => Int, { description: 'The page' })
  pageId!: number;

  @Field(() => PageCommentAction, { description: 'Added or deleted' })
  action!: PageCommentAction;

  @Field(() => Int, { description: 'The comment added or deleted' })
  commentId!: number;

  @Field(() => Int, { description: 'Its top-level comment; 0 for a top-level comment' })
  parentId!: number;

  @Field({ description: 'When it happened' })
  at!: Date;

  static from(event: PageCommentEvent): PageCommentChange {
    return Object.assign(new PageCommentChange(), { ...event, action: ACTIONS[event.action] });
  }
}
