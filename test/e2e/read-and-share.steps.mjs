// Steps shared by the "read and share" journeys (journeys/02-read-and-share*.mjs): a fresh account, a
// private item made in the UI, and its pages written through the GraphQL API (the editor has its own
// journey). Kept outside journeys/ so the runner does not take it for a journey.
/* global localStorage -- used only inside page.evaluate callbacks */

export const VISIT_PASSWORD = 'visit-42';

/** Markdown with what the reader must render: a heading, a GitHub table, code and emphasis. */
export const TOUR_MARKDOWN = [
  '## Tour heading',
  '',
  'Some `inline code` and **bold** text.',
  '',
  '| Method | Path |',
  '| --- | --- |',
  '| GET | /api/items |',
  '',
  '```js',
  'const answer = 42; // highlighted',
  '```',
].join('\n');

/** A unique suffix per run, so journeys never collide with each other's data. */
export const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Registers a fresh account through the UI; the page ends on the item list, signed in. */
export async function registerThroughUi(t, page, username) {
  const user = { username, password: 'e2e-Secret-42' };
  await page.goto(`${t.base}/user/register`);
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Password again', { exact: true }).fill(user.password);
  await page.getByLabel('Captcha', { exact: true }).fill(t.CAPTCHA);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL((url) => url.pathname === '/item/index');
  return user;
}

/** Logs in through /user/login (name, password, captcha); the page ends on the item list, signed in. */
export async function loginThroughUi(t, page, user) {
  await page.goto(`${t.base}/user/login`);
  await page.getByLabel('Username or e-mail', { exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Captcha', { exact: true }).fill(t.CAPTCHA);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/item/index');
  const shown = await page.getByTestId('shell-username').textContent();
  t.expect(shown === user.username, `the header shows ${JSON.stringify(shown)}`);
}

/** Creates a private item with the "New item" dialog; returns its address in the list (`/{id}`). */
export async function createPrivateItemThroughUi(page, name) {
  await page.getByRole('button', { name: 'New item' }).click();
  await page.getByLabel('Item name').fill(name);
  await page.getByLabel('Private: readers need a password').check();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  // A private item without a password is refused with the spec's alert, then the field is filled in.
  await page.getByText('Private item: please set a visit password').waitFor();
  await page.getByLabel('Visit password').fill(VISIT_PASSWORD);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const link = page.getByRole('link', { name, exact: true });
  await link.waitFor();
  return link.getAttribute('href');
}

/** Runs a GraphQL operation from the page with the signed-in user's token. */
export async function graphql(page, query, variables) {
  const answer = await page.evaluate(
    async ({ query: text, variables: values }) => {
      const token = localStorage.getItem('quire.token');
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: text, variables: values }),
      });
      return response.json();
    },
    { query, variables },
  );
  if (answer.errors?.length) throw new Error(`GraphQL: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** A root page "Welcome" (the item opens on it) and, in catalog "Guide", the page "Markdown tour". */
export async function writePages(page, itemId) {
  const save = `mutation Save($input: SavePageInput!) { savePage(input: $input) { id } }`;
  const { saveCatalog } = await graphql(
    page,
    `
      mutation Catalog($input: SaveCatalogInput!) {
        saveCatalog(input: $input) {
          id
        }
      }
    `,
    { input: { itemId, name: 'Guide' } },
  );
  const welcome = await graphql(page, save, {
    input: { itemId, title: 'Welcome', content: 'Welcome to the **read and share** journey.' },
  });
  const tour = await graphql(page, save, {
    input: { itemId, catalogId: saveCatalog.id, title: 'Markdown tour', content: TOUR_MARKDOWN },
  });
  return { catalogId: saveCatalog.id, welcomeId: welcome.savePage.id, tourId: tour.savePage.id };
}

/** Calls `check` every 100 ms until it returns something truthy (then returned) or `timeoutMs` passes. */
export async function poll(check, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The rendered tour page: its heading, the table cell and the highlighted code block. */
export async function expectTourRendered(t, page) {
  await page.getByRole('heading', { name: 'Tour heading' }).waitFor();
  await page.getByRole('table').getByRole('cell', { name: '/api/items' }).waitFor();
  const bold = await page.locator('article strong', { hasText: 'bold' }).count();
  t.expect(bold > 0, 'the bold text is not rendered as <strong>');
  // Highlighting loads with the first page that has a code block: wait for it.
  await page.locator('pre code .hljs-keyword').first().waitFor();
}

/**
 * In the open share dialog of a page: turns on its single-page link, sets it to 7 days and returns the
 * link's path (`/p/{key}`). Changing the expiry makes a new link.
 */
export async function shareForSevenDays(t, page, labels = { expiry: 'Valid for', days: '7 days' }) {
  const linkField = page.getByRole('textbox', { name: 'Link to this page alone', exact: true });
  await page.getByRole('switch', { name: /Single-page share link/ }).click();
  await linkField.waitFor();
  const permanent = await linkField.inputValue();
  t.expect(/\/p\/[A-Za-z0-9]+$/.test(permanent), `unexpected share link ${permanent}`);
  const expiry = page.getByRole('combobox', { name: labels.expiry });
  await expiry.click();
  await page.getByRole('option', { name: labels.days }).click();
  const renewed = await poll(async () => {
    const value = await linkField.inputValue();
    return value !== permanent ? value : null;
  });
  t.expect(renewed, 'changing the expiry did not make a new link');
  const shown = await expiry.inputValue();
  t.expect(shown === labels.days, `the expiry shows ${JSON.stringify(shown)}`);
  return new URL(await linkField.inputValue()).pathname;
}
