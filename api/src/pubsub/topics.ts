/**
 * Every subscription topic and what it carries: publishers and subscribers name topics from this map, so a
 * typo or a wrong payload is a compile error. Each topic is `[routing id, payload]`: subscribers listen to
 * one id (one page), never to the whole stream.
 */
export type Topics = {
  pageLockChanged: [pageId: number, event: PageLockEvent];
  /** A user's unread messages changed; id 0 (EVERYONE) is for every user at once (an announcement). */
  unreadChanged: [userId: number, event: UnreadChangedEvent];
  /** A comment was added under a page or deleted from it. */
  pageCommentChanged: [pageId: number, event: PageCommentEvent];
};

export const PAGE_COMMENT_ACTIONS = ['ADDED', 'DELETED'] as const;
export type PageCommentAction = (typeof PAGE_COMMENT_ACTIONS)[number];

/** A change of a page's comments; subscribers reload the thread with their own rights. */
export interface PageCommentEvent {
  pageId: number;
  action: PageCommentAction;
  commentId: number;
  /** The top-level comment a reply belongs to; 0 for a top-level comment. */
  parentId: number;
  at: Date;
}

/** The routing id of `unreadChanged` events meant for every user. */
export const EVERYONE = 0;

/** Something a user has unread changed: subscribers read the new counts themselves, with their rights. */
export interface UnreadChangedEvent {
  userId: number;
  at: Date;
}

export type TopicName = keyof Topics;
export type TopicId<K extends TopicName> = Topics[K][0];
export type TopicPayload<K extends TopicName> = Topics[K][1];

export const PAGE_LOCK_ACTIONS = ['ACQUIRED', 'RENEWED', 'RELEASED', 'EXPIRED'] as const;
export type PageLockAction = (typeof PAGE_LOCK_ACTIONS)[number];

/** A change of a page's edit lock: who holds it now (nobody after a release or expiry) and until when. */
export interface PageLockEvent {
  pageId: number;
  action: PageLockAction;
  /** The holder after the change; for RELEASED and EXPIRED, the user who held it. */
  holderId: number;
  holderName: string;
  /** Null once the lock is gone. */
  lockedUntil: Date | null;
  at: Date;
}
