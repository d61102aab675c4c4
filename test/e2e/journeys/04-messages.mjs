// Messages (issue #18): B follows a page, A saves it with notify, B's badge changes live without a reload,
// B opens the message centre, follows the link to the page (which marks the reminder read); the
// administrator posts an announcement and both users see it once.
import { apiSession } from '../api-session.steps.mjs';

export default async function messages(t) {
  const { base, CAPTCHA, ADMIN, expect, scenario } = t;
  const stamp = Date.now().toString(36);

  const { gql, register, signedIn } = apiSession(t);

  const alice = await register(`e2e_msg_a_${stamp}`);
  const bob = await register(`e2e_msg_b_${stamp}`);
  const { createItem: item } = await gql(
    'mutation($input: CreateItemInput!) { createItem(input: $input) { id } }',
    { input: { name: `E2E messages ${stamp}` } },
    alice.token,
  );
  await gql(
    'mutation($input: AddItemMembersInput!) { addItemMembers(input: $input) { added { id } } }',
    { input: { itemId: item.id, usernames: [bob.user.username], memberGroupId: 0 } },
    alice.token,
  );
  const { savePage: doc } = await gql(
    'mutation($input: SavePageInput!) { savePage(input: $input) { id } }',
    { input: { itemId: item.id, title: 'Release notes', content: 'First release.' } },
    alice.token,
  );
  const pageUrl = `${base}/${item.id}/${doc.id}`;
  // B starts with nothing unread (being added to the item was a reminder too).
  await gql('mutation { markAllMessagesRead { total } }', {}, bob.token);

  const { page: bobPage } = await signedIn(bob, 'bob');
  const { page } = await signedIn(alice, 'alice');

  await scenario(bobPage, 'B follows the page from the item view', async () => {
    await bobPage.goto(pageUrl);
    await bobPage.getByRole('heading', { name: 'Release notes' }).first().waitFor();
    await bobPage.getByRole('button', { name: 'Follow updates' }).click();
    await bobPage.getByRole('button', { name: 'Unfollow' }).waitFor();
  });

  await scenario(page, "A saves with notify, and B's badge changes without a reload", async () => {
    // B's first poll (2 s after the screen opened) has answered "nothing unread"; the next is minutes away.
    await bobPage.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    await bobPage.waitForTimeout(2500);
    await page.goto(pageUrl);
    await page.getByRole('button', { name: 'Edit the page' }).first().click();
    const editor = page.getByRole('dialog', { name: 'Edit page' });
    await editor.waitFor();
    const content = page.getByLabel('Page content (markdown)');
    await content.waitFor();
    await content.fill('First release.\n\nSecond release.');
    await editor.getByRole('button', { name: 'Tools' }).click();
    await page.getByRole('menuitem', { name: 'Save and notify' }).click();
    const notify = page.getByRole('dialog', { name: 'Save and notify' });
    await notify.getByTestId('notify-subscribers').getByText(bob.user.username).waitFor();
    await notify.getByRole('textbox').first().fill('Second release is out');
    await notify.getByRole('button', { name: 'Save and notify' }).click();
    await editor.waitFor({ state: 'hidden' });
    await bobPage.getByRole('link', { name: 'Messages: 1 unread' }).waitFor({ timeout: 10_000 });
  });

  await scenario(
    bobPage,
    'B opens the message centre, follows the link, and the reminder is read',
    async () => {
      await bobPage.getByRole('link', { name: 'Messages: 1 unread' }).click();
      await bobPage.waitForURL(/\/message\/index/);
      const reminder = bobPage.getByTestId('reminder').first();
      await reminder.getByText('Second release is out').waitFor();
      await reminder.getByRole('link', { name: 'Open the page' }).click();
      await bobPage.waitForURL(new RegExp(`/${item.id}/${doc.id}$`));
      await bobPage.getByText('Second release.').first().waitFor();
      await bobPage.getByRole('link', { name: 'Messages', exact: true }).waitFor({ timeout: 10_000 });
    },
  );

  await scenario(page, 'the administrator posts an announcement and each user sees it once', async () => {
    const { createCaptcha } = await gql('mutation { createCaptcha { id } }');
    const { login } = await gql('mutation($input: LoginInput!) { login(input: $input) { token } }', {
      input: {
        login: ADMIN.username,
        password: ADMIN.password,
        captcha: CAPTCHA,
        captchaId: createCaptcha.id,
      },
    });
    await gql(
      'mutation { postAnnouncement(input: { html: "<p>Maintenance <b>tonight</b></p>" }) { id } }',
      {},
      login.token,
    );
    for (const p of [page, bobPage]) {
      const popup = p.getByRole('dialog', { name: 'Announcement' });
      await popup.getByText('Maintenance tonight').waitFor({ timeout: 10_000 });
      await popup.getByRole('button', { name: 'Got it' }).click();
      await popup.waitFor({ state: 'hidden' });
    }
    await bobPage.reload();
    await bobPage.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    await bobPage.waitForTimeout(3000);
    expect(
      (await bobPage.getByRole('dialog', { name: 'Announcement' }).count()) === 0,
      'the announcement popped up again after a reload',
    );
  });
}
