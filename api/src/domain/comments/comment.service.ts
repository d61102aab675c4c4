import type { EntityManager } from '@mikro-orm/core';
import {
  ItemMember,
  ItemType,
  MemberGroup,
  Message,
  MessageContent,
  PageComment,
  type Item,
  type Page,
  User,
} from '../../../../db/src';
import { DomainError } from '../errors';
import type { PageService } from '../pages/page.service';
import type { ItemRights, PolicyService } from '../policy/policy.service';
import { afterCommit, inTransaction } from '../transaction';
import { Viewer } from '../viewer';
import { enqueuePushes } from '../webhooks/outbox';

/** ShowDoc's bounds for one comment (compat-notes §10). */
export const COMMENT_MAX_CHARS = 500;
/** Page size bounds of the comment list (ShowDoc: page 1, count 20). */
export const COMMENTS_PER_PAGE_DEFAULT = 20;
export const COMMENTS_PER_PAGE_MAX = 100;
/** Kanban items (ShowDoc type 6) allow comments too; Quire has no such type yet but keeps ShowDoc's rule. */
const COMMENTABLE_TYPES: readonly number[] = [ItemType.Regular, 6];

/** One comment as a reader sees it, with what the viewer may do to it. */
export interface CommentView {
  comment: PageComment;
  /** The viewer wrote it. */
  mine: boolean;
  /** The viewer may delete it (author or manager of the item). */
  canDelete: boolean;
  /** Replies, oldest first (top-level comments only; replies have none). */
  replies: CommentView[];
}

export interface CommentPage {
  /** Top-level comments on the page (all of them, not just this slice). */
  total: number;
  page: number;
  count: number;
  /** Top-level comments, newest first. */
  comments: CommentView[];
  /** The item allows comments (otherwise the list is empty and adding is refused). */
  enabled: boolean;
  /** The viewer may add a comment (signed in, comments enabled). */
  canComment: boolean;
}

/** Whether an item takes comments: its setting, on the item types ShowDoc allows them on. */
export function commentsOpen(item: Item): boolean {
  return item.allowComment && COMMENTABLE_TYPES.includes(item.type);
}

/**
 * Comments under a page (ShowDoc 3.x page comments, compat-notes §10): readers of a page read and write
 * them when its item allows comments; two levels (a reply to a reply joins the same thread); the author
 * or a manager of the item deletes one. Top-level comments remind the page's author and the item's
 * managers, replies remind the author of the comment replied to; listeners hear of every change after
 * the commit.
 */
export class CommentService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly pages: PageService,
  ) {}

  /** A page's comments, newest threads first; empty when the item does not allow comments. */
  async list(
    viewer: Viewer,
    pageId: number,
    options: { page?: number; count?: number } = {},
  ): Promise<CommentPage> {
    const { page, item, rights } = await this.pages.readable(viewer, pageId);
    const pageNo = Math.max(1, Math.floor(options.page ?? 1) || 1);
    const count = Math.min(
      COMMENTS_PER_PAGE_MAX,
      Math.max(1, Math.floor(options.count ?? COMMENTS_PER_PAGE_DEFAULT) || COMMENTS_PER_PAGE_DEFAULT),
    );
    const enabled = commentsOpen(item);
    const empty = { total: 0, page: pageNo, count, comments: [], enabled, canComment: false };
    if (!enabled) return empty;
    const [top, total] = await this.em.findAndCount(
      PageComment,
      { page, parent: null, deletedAt: null },
      { orderBy: { id: 'desc' }, limit: count, offset: (pageNo - 1) * count },
    );
    const replies = top.length
      ? await this.em.find(
          PageComment,
          { page, parent: { $in: top.map((c) => c.id) }, deletedAt: null },
          { orderBy: { id: 'asc' } },
        )
      : [];
    const view = (comment: PageComment, children: PageComment[]): CommentView => ({
      comment,
      mine: viewer.userId !== undefined && comment.user?.id === viewer.userId,
      canDelete: this.mayDelete(viewer, rights, comment),
      replies: children.map((c) => view(c, [])),
    });
    return {
      total,
      page: pageNo,
      count,
      comments: top.map((c) =>
        view(
          c,
          replies.filter((r) => r.parent?.id === c.id),
        ),
      ),
      enabled,
      canComment: viewer.isLoggedIn && !rights.archived,
    };
  }

  /** Adds a comment (or a reply, with `parentId`) under a page the viewer may read. */
  async add(
    viewer: Viewer,
    pageId: number,
    input: { content: string; parentId?: number | null },
    now = new Date(),
  ): Promise<PageComment> {
    const me = viewer.requireUser();
    const content = checkContent(input.content);
    const { page, item, rights } = await this.pages.readable(viewer, pageId);
    if (!commentsOpen(item)) throw new DomainError('CommentsClosed');
    if (rights.archived) throw new DomainError('ItemArchived');
    let parent: PageComment | null = null;
    let repliedTo: PageComment | null = null;
    if (input.parentId) {
      repliedTo = await this.em.findOne(
        PageComment,
        { id: input.parentId, page, deletedAt: null },
        { populate: ['user', 'parent'] },
      );
      if (!repliedTo) throw new DomainError('CommentNotFound');
      // Two levels only: a reply to a reply joins the thread of its top-level comment.
      parent = repliedTo.parent ?? repliedTo;
      if (parent.deletedAt) throw new DomainError('CommentNotFound');
    }
    return inTransaction(this.em, async () => {
      const comment = this.em.create(PageComment, {
        page,
        item,
        parent,
        user: me,
        username: me.username,
        content,
        createdAt: now,
      });
      await this.em.persist(comment).flush();
      const recipients = repliedTo
        ? await this.readers(page, [repliedTo.user])
        : await this.readers(page, [page.author, ...(await this.managers(item))]);
      await this.remind(
        me,
        page,
        content,
        recipients.filter((u) => u.id !== me.id),
      );
      afterCommit(this.em).queue('pageCommentChanged', {
        pageId: page.id,
        action: 'ADDED',
        commentId: comment.id,
        parentId: parent?.id ?? 0,
        at: now,
      });
      return comment;
    });
  }

  /** Deletes a comment (softly) and, for a top-level comment, its replies: its author or a manager. */
  async delete(viewer: Viewer, commentId: number, now = new Date()): Promise<PageComment> {
    viewer.requireUserId();
    const comment =
      commentId > 0
        ? await this.em.findOne(PageComment, { id: commentId, deletedAt: null }, { populate: ['parent'] })
        : null;
    if (!comment) throw new DomainError('CommentNotFound');
    const { rights } = await this.pages.readable(viewer, comment.page.id).catch((err: unknown) => {
      // A comment on a page the viewer cannot read is not theirs to know about.
      if (err instanceof DomainError && err.codeName !== 'ForceLogin')
        throw new DomainError('CommentNotFound');
      throw err;
    });
    if (!this.mayDelete(viewer, rights, comment)) throw new DomainError('CommentDeleteDenied');
    if (rights.archived) throw new DomainError('ItemArchived');
    await inTransaction(this.em, async () => {
      comment.deletedAt = now;
      await this.em.flush();
      if (!comment.parent) {
        await this.em.nativeUpdate(PageComment, { parent: comment, deletedAt: null }, { deletedAt: now });
      }
      afterCommit(this.em).queue('pageCommentChanged', {
        pageId: comment.page.id,
        action: 'DELETED',
        commentId: comment.id,
        parentId: comment.parent?.id ?? 0,
        at: now,
      });
    });
    return comment;
  }

  private mayDelete(viewer: Viewer, rights: ItemRights, comment: PageComment): boolean {
    if (viewer.userId === undefined) return false;
    return comment.user?.id === viewer.userId || rights.managesWhenActive;
  }

  /** The item's owner and its item administrators (by membership): the managers ShowDoc reminds. */
  private async managers(item: Item): Promise<User[]> {
    const admins = await this.em.find(
      ItemMember,
      { item, memberGroupId: MemberGroup.Admin },
      { populate: ['user'], orderBy: { id: 'asc' } },
    );
    return [item.owner, ...admins.map((m) => m.user)];
  }

  /** Of these users, the distinct ones who may read the page: a reminder never points at a closed page. */
  private async readers(page: Page, candidates: Array<User | null>): Promise<User[]> {
    const seen = new Set<number>();
    const out: User[] = [];
    for (const candidate of candidates) {
      if (!candidate || seen.has(candidate.id)) continue;
      seen.add(candidate.id);
      const user = await this.em.findOne(User, { id: candidate.id });
      if (!user) continue;
      const readable = await this.pages.readable(new Viewer(user), page.id).then(
        () => true,
        () => false,
      );
      if (readable) out.push(user);
    }
    return out;
  }

  /** One `remind` message (action `comment`, about the page) to each recipient, in this transaction. */
  private async remind(from: User, page: Page, text: string, to: User[]): Promise<void> {
    if (!to.length) return;
    const content = this.em.create(
      MessageContent,
      {
        fromUser: from,
        fromName: from.username,
        messageType: 'remind',
        content: text,
        actionType: 'comment',
        objectType: 'page',
        objectId: page.id,
      },
      { persist: false },
    );
    await this.em.insert(content);
    await this.em.insertMany(
      to.map((user) =>
        this.em.create(
          Message,
          { fromUser: from, toUser: user, messageType: 'remind', content },
          { persist: false },
        ),
      ),
    );
    await enqueuePushes(this.em, to, { text: `commented on "${page.title}": ${text}`, from, page });
    afterCommit(this.em).queue('unreadChanged', { userIds: to.map((u) => u.id), everyone: false });
  }
}

/** 1–500 characters (code points, so a Chinese or emoji comment counts as it reads), not blank. */
function checkContent(raw: string): string {
  const content = raw.trim();
  const length = [...content].length;
  if (length < 1 || length > COMMENT_MAX_CHARS) {
    throw new DomainError('BadInput', {
      en: `A comment holds 1 to ${COMMENT_MAX_CHARS} characters`,
      zh: `评论内容长度需在1-${COMMENT_MAX_CHARS}个字符之间`,
    });
  }
  return content;
}
