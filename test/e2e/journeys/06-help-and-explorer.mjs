// Help for newcomers and integrators (issue #22): the landing page's Help and Demo links open Quire's own
// help and demo pages (nothing on showdoc.com.cn), and a signed-in user opening /graphql in the browser
// gets GraphiQL (bundled, no CDN), which runs the default query with the web app's session.
import { registerThroughUi, stamp } from '../read-and-share.steps.mjs';

export default async function helpAndExplorer(t) {
  const { base, expect, scenario } = t;

  const { page: newcomer } = await t.newPage({ label: 'newcomer' });
  await scenario(newcomer, "help: the landing page links to Quire's own help and demo", async () => {
    const page = newcomer;
    await page.goto(`${base}/`);
    const external = await page.locator('a[href*="showdoc.com.cn"]').count();
    expect(external === 0, `${external} links on the landing page lead to showdoc.com.cn`);
    await page.getByRole('link', { name: 'Help', exact: true }).click();
    await page.getByRole('heading', { name: 'Quire help' }).waitFor();
    expect(new URL(page.url()).pathname === '/help', `Help opened ${page.url()}`);
    await page.getByRole('link', { name: 'demo page' }).click();
    await page.getByRole('heading', { name: 'Demo', exact: true }).waitFor();
    await page.locator('[data-page-content] .katex-display').waitFor({ timeout: 40_000 });
    await page
      .locator('[data-page-content] [data-diagram="flow"], [data-page-content] [data-diagram-pending="flow"]')
      .first()
      .scrollIntoViewIfNeeded();
    await page.locator('[data-page-content] [data-diagram="flow"] svg').waitFor({ timeout: 40_000 });
    await t.screenshot(page, '00-demo');
  });

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
