// compat-api §21: sign-in flows that end in a redirect to the web app's loginByUserToken route.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeRedirect, type OAuth2Pending, type Services } from '../../../api/src/domain';
import { action, type Controller } from '../action';
import { int, str } from '../params';

/** Holds the OAuth2 state, nonce and PKCE verifier between the redirect and the return (ShowDoc: PHP session). */
const OAUTH2_COOKIE = 'quire_oauth2';
const OAUTH2_COOKIE_SECONDS = 600;

async function landSignedIn(services: Services, reply: FastifyReply, token: string, redirect: string) {
  const siteUrl = (await services.settings.get('site_url')).replace(/\/+$/, '');
  const query = new URLSearchParams({ user_token: token, redirect_uri: safeRedirect(redirect) });
  await reply.redirect(`${siteUrl}/user/loginByUserToken?${query.toString()}`, 302);
}

function readPending(request: FastifyRequest): OAuth2Pending | null {
  const raw = request.cookies[OAUTH2_COOKIE];
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const v = value as Record<string, unknown>;
    const text = (key: string) => (typeof v[key] === 'string' ? v[key] : '');
    return {
      state: text('state'),
      nonce: text('nonce'),
      verifier: text('verifier'),
      redirect: text('redirect'),
    };
  } catch {
    return null;
  }
}

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
      await landSignedIn(services, reply, session.token, p.redirect);
    },
  }),

  /** Without `code`: off to the provider. With it: the provider's return (`state` checked first). */
  oauth2: action({
    auth: 'anon',
    params: { code: str(), state: str(), redirect: str(), iss: str(), error: str() },
    async handle({ services, viewer, request, reply }, p) {
      const cookie = {
        path: '/',
        httpOnly: true,
        sameSite: 'lax' as const,
        secure: request.protocol === 'https',
      };
      if (!p.code && !p.state) {
        const { url, pending } = await services.oauth2.start(p.redirect);
        void reply.setCookie(OAUTH2_COOKIE, JSON.stringify(pending), {
          ...cookie,
          maxAge: OAUTH2_COOKIE_SECONDS,
        });
        await reply.redirect(url, 302);
        return;
      }
      const pending = readPending(request);
      // One use: a replayed return finds no state.
      void reply.clearCookie(OAUTH2_COOKIE, cookie);
      const query = Object.fromEntries(
        Object.entries({ code: p.code, state: p.state, iss: p.iss, error: p.error }).filter(([, v]) => v),
      );
      const { session, redirect } = await services.oauth2.finish(pending, query, viewer.ip);
      await landSignedIn(services, reply, session.token, redirect);
    },
  }),
};
