import { publicSiteInfo } from '../../../api/src/domain';
import type { User } from '../../../db/src';
import { action, type Controller } from '../action';
import { int, str } from '../params';
import { s, sOrNull, ts, type Wire } from '../wire';

/** The user object of login and register answers (compat-api §2.1). */
function sessionUser(user: User, token: string): Wire {
  return {
    uid: s(user.id),
    username: user.username,
    name: s(user.name),
    groupid: s(user.groupId),
    avatar: s(user.avatar),
    avatar_small: s(user.avatar),
    email: s(user.email),
    email_verify: 0,
    user_token: token,
  };
}

const login = action({
  auth: 'anon',
  params: { username: str(), password: str(), captcha_id: int(), captcha: str() },
  async handle({ services, viewer }, p) {
    const session = await services.accounts.login(
      { login: p.username, password: p.password, captchaId: p.captcha_id, captcha: p.captcha },
      viewer.ip,
    );
    return sessionUser(session.user, session.token);
  },
});

const register = action({
  auth: 'anon',
  params: { username: str(), password: str(), confirm_password: str(), captcha_id: int(), captcha: str() },
  async handle({ services, viewer }, p) {
    const session = await services.accounts.register(
      {
        username: p.username,
        password: p.password,
        confirmPassword: p.confirm_password,
        captchaId: p.captcha_id,
        captcha: p.captcha,
      },
      viewer.ip,
    );
    return sessionUser(session.user, session.token);
  },
});

export const user: Controller = {
  login,
  loginByVerify: login,
  register,
  registerByVerify: register,

  info: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const u = services.accounts.info(viewer);
      return {
        uid: s(u.id),
        username: u.username,
        email: s(u.email),
        email_verify: 0,
        mobile: '',
        name: s(u.name),
        avatar: s(u.avatar),
        avatar_small: s(u.avatar),
        groupid: s(u.groupId),
        reg_time: ts(u.createdAt),
        is_wechat: 0,
        is_sso: s(u.isSso),
      };
    },
  }),

  /** An omitted `name` leaves the name alone (ShowDoc clears it). */
  updateInfo: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer, params }) {
      const name = params.get('name');
      if (name !== undefined) await services.accounts.updateName(viewer, str().parse(name));
    },
  }),

  resetPassword: action({
    auth: 'login',
    params: { password: str(), new_password: str() },
    async handle({ services, viewer }, p) {
      await services.accounts.changePassword(viewer, p.password, p.new_password);
    },
  }),

  logout: action({
    auth: 'opt',
    params: {},
    async handle({ services, viewer }) {
      await services.accounts.logout(viewer);
    },
  }),

  allUser: action({
    auth: 'login',
    params: { username: str() },
    async handle({ services, viewer }, p) {
      const users = await services.accounts.searchUsers(viewer, p.username);
      return users.map((u) => ({ username: u.username, uid: s(u.id), name: sOrNull(u.name) }));
    },
  }),

  getPushUrl: action({
    auth: 'login',
    params: {},
    async handle({ viewer }) {
      return { push_url: s(viewer.requireUser().pushUrl) };
    },
  }),

  savePushUrl: action({
    auth: 'login',
    params: { push_url: str() },
    async handle({ services, viewer }, p) {
      await services.accounts.savePushUrl(viewer, p.push_url);
    },
  }),

  oauthInfo: action({
    auth: 'anon',
    params: {},
    async handle({ services }) {
      const { oauth2EntranceTips } = await publicSiteInfo(services.settings);
      return {
        oauth2_open: await services.settings.stored('oauth2_open'),
        oauth2_entrance_tips: oauth2EntranceTips,
      };
    },
  }),
};
