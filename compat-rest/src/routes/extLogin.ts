// compat-api §21: sign-in flows that end in a redirect to the web app's loginByUserToken route.
import { safeRedirect } from '../../../api/src/domain';
import { action, type Controller } from '../action';
import { int, str } from '../params';

export const extLogin: Controller = {
  /** "Generic access": md5(username + key + time) signs the link; it lives 60 seconds. */
  bySecretKey: action({
    auth: 'anon',
    params: { username: str(), time: int(), token: str(), name: str(), redirect: str() },
    async handle({ services, viewer, reply }, p) {
      const session = await services.secretKeyLogin.login(
        { username: p.username, time: p.time, token: p.token, name: p.name, redirect: p.redirect },
        viewer.ip,
      );
      const siteUrl = (await services.settings.get('site_url')).replace(/\/+$/, '');
      const query = new URLSearchParams({
        user_token: session.token,
        redirect_uri: safeRedirect(p.redirect),
      });
      await reply.redirect(`${siteUrl}/user/loginByUserToken?${query.toString()}`, 302);
    },
  }),
};
