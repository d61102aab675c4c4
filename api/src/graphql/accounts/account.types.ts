import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { User as UserEntity } from '../../../../db/src';
import { mayKnowRole, type Viewer } from '../../domain';

@ObjectType({ description: 'A person with an account' })
export class User {
  @Field(() => Int)
  id!: number;

  @Field()
  username!: string;

  @Field(() => String, { nullable: true, description: 'Display name; null when never set' })
  name!: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'Administrator of the site (ShowDoc groupid 1); null unless the caller is an administrator or this user',
  })
  isAdmin!: boolean | null;

  @Field(() => Int, {
    nullable: true,
    description: '1 administrator, 2 ordinary user; null unless the caller is an administrator or this user',
  })
  groupId!: number | null;

  @Field()
  createdAt!: Date;

  /** Without a viewer the role stays hidden: only a caller known to be allowed learns it. */
  static from(user: UserEntity, viewer?: Viewer): User {
    const role = viewer !== undefined && mayKnowRole(viewer, user);
    return Object.assign(new User(), {
      id: user.id,
      username: user.username,
      name: user.name,
      isAdmin: role ? user.isAdmin : null,
      groupId: role ? user.groupId : null,
      createdAt: user.createdAt,
    });
  }
}

@ObjectType({ description: 'The signed-in user, with private details only they may read' })
export class Me extends User {
  @Field({ description: 'Administrator of the site (ShowDoc groupid 1)' })
  override isAdmin!: boolean;

  @Field(() => Int, { description: '1 administrator, 2 ordinary user' })
  override groupId!: number;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => Date, { nullable: true })
  lastLoginAt!: Date | null;

  static fromUser(user: UserEntity): Me {
    return Object.assign(new Me(), User.from(user), {
      isAdmin: user.isAdmin,
      groupId: user.groupId,
      email: user.email,
      lastLoginAt: user.lastLoginAt,
    });
  }
}

@ObjectType()
export class Session {
  @Field({ description: 'Send as `Authorization: Bearer <token>`; also set as an httpOnly cookie' })
  token!: string;

  @Field()
  expiresAt!: Date;

  @Field(() => Me)
  user!: Me;
}

@ObjectType()
export class CaptchaChallenge {
  @Field(() => Int)
  id!: number;

  @Field({ description: 'The captcha image as an SVG data URL' })
  image!: string;

  @Field()
  expiresAt!: Date;
}

@InputType()
export class CaptchaInput {
  @Field(() => Int)
  captchaId!: number;

  @Field()
  captcha!: string;
}

@InputType()
export class LoginInput extends CaptchaInput {
  @Field({ description: 'Username or e-mail address' })
  login!: string;

  @Field()
  password!: string;
}

@InputType()
export class RegisterInput extends CaptchaInput {
  @Field()
  username!: string;

  @Field()
  password!: string;

  @Field()
  confirmPassword!: string;
}
