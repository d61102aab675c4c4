import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { LockState } from '../../domain';
import type { PageLockAction as PageLockActionModel, PageLockEvent } from '../../pubsub/topics';

export enum PageLockAction {
  ACQUIRED = 'ACQUIRED',
  RENEWED = 'RENEWED',
  RELEASED = 'RELEASED',
  EXPIRED = 'EXPIRED',
}
registerEnumType(PageLockAction, {
  valuesConfig: {
    ACQUIRED: { description: 'An editor took the lock' },
    RENEWED: { description: 'The holder extended the lock' },
    RELEASED: { description: 'The holder gave the lock up' },
    EXPIRED: { description: 'The lock timed out' },
  },
  name: 'PageLockAction',
  description: 'What happened to a page lock',
});

const ACTIONS: Record<PageLockActionModel, PageLockAction> = {
  ACQUIRED: PageLockAction.ACQUIRED,
  RENEWED: PageLockAction.RENEWED,
  RELEASED: PageLockAction.RELEASED,
  EXPIRED: PageLockAction.EXPIRED,
};

@ObjectType({ description: 'Who is editing a page: its lock, if someone holds it' })
export class PageLockState {
  @Field(() => Int, { description: 'The page' })
  pageId!: number;

  @Field({ description: 'Someone is editing the page' })
  locked!: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'User id of the editor holding the lock; null if unlocked',
  })
  holderId!: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Name of the editor holding the lock; null if unlocked',
  })
  holderName!: string | null;

  @Field(() => Date, { nullable: true, description: 'Expires then unless the holder renews it' })
  lockedUntil!: Date | null;

  @Field({ description: 'You hold the lock' })
  mine!: boolean;

  static from(pageId: number, state: LockState): PageLockState {
    return Object.assign(new PageLockState(), {
      pageId,
      locked: state.lock !== null,
      holderId: state.holder?.id ?? null,
      holderName: state.holder?.username ?? null,
      lockedUntil: state.lock?.lockedUntil ?? null,
      mine: state.mine,
    });
  }
}

@ObjectType({ description: "A change of a page's lock, pushed to subscribers of the page" })
export class PageLockChange {
  @Field(() => Int, { description: 'The page' })
  pageId!: number;

  @Field(() => PageLockAction, { description: 'What happened to the lock' })
  action!: PageLockAction;

  @Field(() => Int, { description: 'The holder now; for RELEASED and EXPIRED, the one who held it' })
  holderId!: number;

  @Field({ description: 'Name of the editor the lock belongs to' })
  holderName!: string;

  @Field(() => Date, { nullable: true, description: 'null once the lock is gone' })
  lockedUntil!: Date | null;

  @Field({ description: 'When it happened (ISO 8601)' })
  at!: Date;

  static from(event: PageLockEvent): PageLockChange {
    return Object.assign(new PageLockChange(), { ...event, action: ACTIONS[event.action] });
  }
}
