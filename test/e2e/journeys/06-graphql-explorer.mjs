// The GraphQL explorer (issue #22): a signed-in user opens /graphql in the browser, GraphiQL (bundled, no
// CDN) loads, runs the default query with the web app's session and shows the user's own name.
import { registerThroughUi, stamp } from '../read-and-share.steps.mjs';

export default async function graphqlExplorer(t) {
  const { base, expect, scenario } = t;
  const { page } = await t.newPage({ label: 'explorer' });
  const username = `e2e_gx_${stamp()}`;

  await scenario(
    page,
    'explorer: /graphql in the browser runs a query with the signed-in session',
    async () => {
      await registerThroughUi(t, page, username);
      const outside = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(base)) outside.push(request.url());
      });
      await page.goto(`${base}/graphql`);
      await page.locator('.graphiql-container').waitFor({ timeout: 40_000 });
      await page.locator('.graphiql-query-editor .monaco-editor').waitFor({ timeout: 40_000 });
      await page.locator('.graphiql-execute-button').click();
      const result = page.locator('.graphiql-response');
      await result.getByText(username).waitFor({ timeout: 20_000 });
      await t.screenshot(page, '01-explorer');
      expect(outside.length === 0, `the explorer fetched from outside: ${outside.join(', ')}`);
    },
  );
}
