// Set-up through the API for journeys whose subject is not signing up: GraphQL calls, accounts registered
// with the test captcha, and browser contexts that start signed in as such an account.
/* global localStorage -- used only inside the addInitScript callback, which runs in the page */

export const E2E_PASSWORD = 'e2e-Secret-42';

export function apiSession(t) {
  const { base, CAPTCHA } = t;

  async function gql(query, variables = {}, token) {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = await response.json();
    if (body.errors) throw new Error(`GraphQL ${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
    return body.data;
  }

  async function register(username) {
    const { createCaptcha } = await gql('mutation { createCaptcha { id } }');
    const { register: session } = await gql(
      `mutation($input: RegisterInput!) {
        register(input: $input) { token user { id username name email groupId isAdmin } }
      }`,
      {
        input: {
          username,
          password: E2E_PASSWORD,
          confirmPassword: E2E_PASSWORD,
          captcha: CAPTCHA,
          captchaId: createCaptcha.id,
        },
      },
    );
    return session;
  }

  /**
   * A browser context signed in as `session` (the web app keeps the session in local storage). `cookie`
   * also sets the server's session cookie (which the login screen sets) for what the browser fetches by
   * itself, such as <img> and download links.
   */
  async function signedIn(session, label, { locale, cookie = false } = {}) {
    const opened = await t.newPage(locale ? { label, locale } : { label });
    if (cookie) await opened.context.addCookies([{ name: 'quire_token', value: session.token, url: base }]);
    await opened.context.addInitScript(
      ({ token, user }) => {
        if (!localStorage.getItem('quire.token')) {
          localStorage.setItem('quire.token', token);
          localStorage.setItem('quire.user', JSON.stringify(user));
        }
      },
      { token: session.token, user: { __typename: 'Me', ...session.user } },
    );
    return opened;
  }

  return { gql, register, signedIn };
}
