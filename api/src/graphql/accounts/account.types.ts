import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { mayKnowRole, type Account, type UserProfile, type Viewer } from '../../domain';

@ObjectType({ description: 'A person with an account' })
export class User {
  @Field(() => Int, { description: "User id (ShowDoc's `uid`)" })
  id!: number;

  @Field({ description: 'Login name, unique on the site' })
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

  @Field({ description: 'When the account was created (ISO 8601)' })
  createdAt!: Date;

  /** Without a viewer the role stays hidden: only a caller known to be allowed learns it. */
  static from(user: UserProfile, viewer?: Viewer): User {
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

  @Field(() => String, { nullable: true, description: 'E-mail address of the account, null if none' })
  email!: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When the user last signed in (ISO 8601), null if never',
  })
  lastLoginAt!: Date | null;

  static fromUser(user: Account): Me {
    return Object.assign(new Me(), User.from(user), {
      isAdmin: user.isAdmin,
      groupId: user.groupId,
      email: user.email,
      lastLoginAt: user.lastLoginAt,
    });
  }
}

@ObjectType({ description: 'A signed-in session: its user and when it ends' })
export class Session {
  @Field({ description: 'Send as `Authorization: Bearer <token>`; also set as an httpOnly cookie' })
  token!: string;

  @Field({ description: 'When the session stops being valid (ISO 8601)' })
  expiresAt!: Date;

  @Field(() => Me, { description: 'The signed-in user' })
  user!: Me;
}

@ObjectType({ description: 'An image captcha to answer before login or registration' })
export class CaptchaChallenge {
  @Field(() => Int, { description: 'Captcha id, sent back as `captchaId` with the answer' })
  id!: number;

  @Field({ description: 'The captcha image as an SVG data URL' })
  image!: string;

  @Field({ description: 'When the challenge can no longer be answered (ISO 8601)' })
  expiresAt!: Date;
}

@InputType()
export class CaptchaInput {
  @Field(() => Int, { description: 'Id of the captcha challenge being answered' })
  captchaId!: number;

  @Field({ description: 'The characters shown in the captcha image' })
  captcha!: string;
}

@InputType({ description: 'Credentials to sign in' })
export class LoginInput extends CaptchaInput {
  @Field({ description: 'Username or e-mail address' })
  login!: string;

  @Field({ description: 'Account password' })
  password!: string;
}

@InputType({ description: 'A new account to create' })
export class RegisterInput extends CaptchaInput {
  @Field({ description: 'Login name of the new account' })
  username!: string;

  @Field({ description: 'Password of the new account' })
  password!: string;

  @Field({ description: 'The password again; must equal `password`' })
  confirmPassword!: string;
}
