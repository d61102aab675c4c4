/** Quire's own help (the landing page's "Help" link), in English. Markdown, rendered by the page renderer. */
export const guideEn = `# Quire help

Quire keeps API documents, data dictionaries and manuals in **items**. An item holds **pages** in
**catalogs** up to three levels deep. Items are private, public or protected by a visit password, and are
edited together by members and teams.

## First steps

1. Sign in (or register, when the administrator allows it).
2. On **My items**, create an item: a regular item (catalogs and pages), a single page, or a spreadsheet.
3. Open the item and add a page with the **+** button or <kbd>Ctrl</kbd>+<kbd>S</kbd> after writing.
4. Share it: the share button gives the item's address and, per page, a share link that can expire.

## Writing

Pages are markdown with live preview. The editor keeps a local draft of unsaved text and warns before you
leave with changes. Useful shortcuts:

| keys | does |
| --- | --- |
| <kbd>Ctrl</kbd>+<kbd>S</kbd> | save |
| <kbd>Ctrl</kbd>+<kbd>B</kbd> / <kbd>Ctrl</kbd>+<kbd>I</kbd> | bold / italic |
| <kbd>Ctrl</kbd>+<kbd>K</kbd> | upload an image |
| <kbd>Ctrl</kbd>+<kbd>L</kbd> | link |

Besides tables, task lists and footnotes, pages render math (\`$…$\`, \`$$…$$\`), mermaid, flow and sequence
diagrams, highlighted code and the inline HTML ShowDoc documents use (\`<font color>\`, \`<kbd>\`,
\`<sub>\`, \`<sup>\`, \`<details>\`…). See the [demo page](/help/demo).

The **Insert** menu adds the API and database document templates, turns JSON or SQL \`CREATE TABLE\` into
tables, and pastes spreadsheet rows as a table. **History versions** compares and restores earlier versions.

## Sharing and people

- **Public** items are readable by everybody; **private** ones only by members; a **visit password** lets
  people without an account read.
- **Members** get read, edit or manage rights, optionally limited to some catalogs.
- **Teams** give a group of people rights on several items at once.

## Automation

- Every item has an **API key and token** (item settings): ShowDoc's \`updateByApi\` scripts and
  \`showdoc_api.sh\` work unchanged against Quire's \`/server/index.php?s=/api/...\` address.
- Quire's own API is GraphQL at \`/graphql\`; open that address in a browser to explore it (when the
  administrator has the explorer on).

## Administration

The administrator's console (user menu → Admin) manages users, items, attachments, registration, sign-in
with LDAP or OAuth2, storage and announcements. The README of the Quire distribution lists every
configuration variable, the Docker layout, backups and upgrades.
`;
