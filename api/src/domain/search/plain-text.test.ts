import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import {
  ftsIndexerOf,
  INLINE_PLAIN_TEXT_MAX,
  Item,
  onPageContentCommitted,
  Page,
  plainTextInSearchIndex,
  plainTextOf,
  searchIndexCaughtUp,
  startFtsIndexer,
  User,
  writePlainText,
} from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { testDatabases, type TestDatabase } from '../../../../test/support/mysql';
import { Viewer } from '../viewer';
import { PlainTextFiller } from './plain-text-filler';
import { showdocSnippet, snippetText } from './snippet';

const MARKED = [
  '## Login **token**',
  '',
  'The **bold** word | table | [link](http://x) and <font color="red">warning</font>.',
  '',
  '| name | type |',
  '|---|---|',
  '| user_token | string |',
  '',
  '![diagram of the flow](x.png)',
].join('\n');

describe('plain text (issue #22)', () => {
  it('reads markdown as a reader sees it: no emphasis, pipes, link targets, heading marks or tags', () => {
    const text = plainTextOf(MARKED);
    expect(text).toContain('Login token');
    expect(text).toContain('The bold word | table | link and warning.');
    expect(text).toContain('user_token\tstring');
    expect(text).toContain('diagram of the flow');
    expect(text).not.toMatch(/\*\*|##|http:\/\/x|<font|\|---/);
  });

  it('keeps code as written and survives deep nesting', () => {
    expect(plainTextOf('```js\nconst a = **b**;\n```')).toBe('const a = **b**;');
    expect(plainTextOf(`${'>'.repeat(300)} deep`)).toContain('deep');
  });

  it('keeps escaped marks, code spans across lines, and underscores inside words', () => {
    expect(plainTextOf('a \\*literal\\* star and `**code**`')).toBe('a *literal* star and **code**');
    expect(plainTextOf('see `multi\nline` span and _em_ but user_token_name')).toBe(
      'see multi\nline span and em but user_token_name',
    );
    expect(plainTextOf('- [x] done &amp; [ref link][r]\n\n[r]: http://x')).toBe('done & ref link');
  });
});

// MySQL keeps the plain text in the page row (the save's UPDATE, the filler); the embedded database in its
// index file (the second suite).
const inRow = testDatabases().filter((target) => target.url);
const describeInRow = inRow.length
  ? describe.each(inRow)
  : // Without TEST_MYSQL_URL the row's suite shows as skipped.
    describe.skip.each<TestDatabase>([{ name: 'mysql' }]);

describeInRow('page plain text in the row on $name', (target) => {
  let db: TestDb;
  let owner: User;
  let item: Item;
  let filler: PlainTextFiller;
  const em = (): EntityManager => db.database.orm.em.fork();

  const plainTextOf = async (id: number) => {
    const rows = await em()
      .getConnection()
      .execute<Array<{ plain_text: string | null }>>('select plain_text from page where id = ?', [id]);
    return rows[0]?.plain_text ?? null;
  };
  const newPage = async (title: string, content: string) => {
    const e = em();
    const page = e.create(Page, { item: e.getReference(Item, item.id), title, content, author: null });
    await e.flush();
    return page.id;
  };
  const hitFor = async (keyword: string) => {
    const result = await db.services().search.search(new Viewer(owner), keyword, { itemId: item.id });
    return result.hits[0]!;
  };

  beforeAll(async () => {
    db = await openTestDb(target, 'plaintext');
    expect(plainTextInSearchIndex(em())).toBe(false);
    const e = em();
    owner = e.create(User, { username: 'owner', passwordHash: 'x' });
    item = e.create(Item, { name: 'Docs', owner });
    await e.flush();
    filler = new PlainTextFiller(db.database.orm.em).start();
    await filler.idle();
  });

  afterAll(async () => {
    await filler?.close();
    await db?.close();
  });

  it('a saved page gets its plain text after the commit, and snippets come from it', async () => {
    const id = await newPage('Marked', MARKED);
    await filler.idle();
    expect(await plainTextOf(id)).toContain('The bold word | table | link and warning.');

    const hit = await hitFor('bold');
    expect(hit.snippet).toContain('The bold word | table | link and warning.');
    expect(hit.snippet).not.toMatch(/\*\*|\]\(|<font/);
    expect(hit.snippet.slice(hit.highlights[0]!.start, hit.highlights[0]!.end)).toBe('bold');

    // REST item/search: ShowDoc's window over the same text.
    const { pages } = await db.services().search.searchItem(new Viewer(owner), item.id, 'user_token', {
      plainText: true,
    });
    const rest = showdocSnippet(snippetText(pages[0]!, 'user_token'), 'user_token');
    expect(rest).toContain('user_token\tstring');
    expect(rest).not.toContain('|---|');
  });

  it('falls back to the source while the plain text is not written, and for a match only in the markup', async () => {
    const source = 'See [the docs](https://docs.example.com/zebrafish) about **parrots**.';
    await filler.close();
    try {
      const id = await newPage('Not yet', source);
      expect(await plainTextOf(id)).toBeNull();
      expect((await hitFor('parrots')).snippet).toBe(source);
    } finally {
      filler = new PlainTextFiller(db.database.orm.em).start();
      await filler.idle();
    }
    // The backfill wrote it: now the reader's text, except where only the link target matches.
    expect((await hitFor('parrots')).snippet).toBe('See the docs about parrots.');
    expect((await hitFor('zebrafish')).snippet).toBe(source);
  });

  it('an edit drops the old plain text in its own write, and the new one follows', async () => {
    const id = await newPage('Edited', 'first **alpha** text');
    await filler.idle();
    expect(await plainTextOf(id)).toBe('first alpha text');
    await em().transactional(async (t) => {
      const page = await t.findOneOrFail(Page, id);
      page.content = 'second **beta** text';
      page.version += 1;
      await t.flush();
      // Inside the save's transaction: the stale text went with the old content.
      const [row] = await t
        .getConnection()
        .execute<Array<{ plain_text: string | null }>>(
          'select plain_text from page where id = ?',
          [id],
          'all',
          t.getTransactionContext(),
        );
      expect(row?.plain_text).toBeNull();
    });
    await filler.idle();
    expect(await plainTextOf(id)).toBe('second beta text');

    // A title-only change keeps it.
    const e2 = em();
    const renamed = await e2.findOneOrFail(Page, id);
    renamed.title = 'Edited twice';
    await e2.flush();
    await filler.idle();
    expect(await plainTextOf(id)).toBe('second beta text');
  });

  it('page/save (a native UPDATE) writes the new text in its own statement, with nothing left for the worker', async () => {
    const viewer = new Viewer(owner);
    const handed: number[] = [];
    const stop = onPageContentCommitted(em(), (ids) => handed.push(...ids));
    try {
      const created = await db.services().pages.save(viewer, {
        itemId: item.id,
        title: 'Saved',
        content: 'saved **epsilon** here',
      });
      expect(await plainTextOf(created.id)).toBe('saved epsilon here');
      await db.services().pages.save(viewer, {
        id: created.id,
        itemId: item.id,
        content: 'saved **zeta** now',
      });
      expect(await plainTextOf(created.id)).toBe('saved zeta now');
      // A save that changes only the title leaves the text alone.
      await db.services().pages.save(viewer, {
        id: created.id,
        itemId: item.id,
        title: 'Saved again',
        content: 'saved **zeta** now',
      });
      expect(await plainTextOf(created.id)).toBe('saved zeta now');
      expect((await hitFor('zeta')).snippet).toBe('saved zeta now');
    } finally {
      stop();
    }
    expect(handed).toEqual([]);
  });

  it('page/save leaves a long page to the worker after the commit: hostile markdown never holds the loop', async () => {
    const viewer = new Viewer(owner);
    const long = `${'**a '.repeat(INLINE_PLAIN_TEXT_MAX / 4)}\n\nthe **omega** line`;
    const handed: number[] = [];
    const stop = onPageContentCommitted(em(), (ids) => handed.push(...ids));
    let id = 0;
    try {
      await filler.close();
      id = (await db.services().pages.save(viewer, { itemId: item.id, title: 'Long', content: 'short' })).id;
      await db.services().pages.save(viewer, { id, itemId: item.id, content: long });
      expect(await plainTextOf(id)).toBeNull();
    } finally {
      stop();
      filler = new PlainTextFiller(db.database.orm.em).start();
    }
    expect(handed).toEqual([id]);
    await filler.idle();
    expect(await plainTextOf(id)).toContain('the omega line');
  });

  it('a result computed for older content never overwrites the newer one', async () => {
    const id = await newPage('Raced', 'old **gamma**');
    await filler.idle();
    const e = em();
    const page = await e.findOneOrFail(Page, id);
    page.content = 'new **delta**';
    await e.flush();
    await filler.idle();
    expect(await plainTextOf(id)).toBe('new delta');
    // The slow worker's result for the old content arrives now: refused.
    expect(await writePlainText(em(), id, 'old **gamma**', 'old gamma')).toBe(false);
    expect(await plainTextOf(id)).toBe('new delta');
    // The same check decides for the current content.
    expect(await writePlainText(em(), id, 'new **delta**', 'new delta (again)')).toBe(true);
  });

  it('a rolled back save hands nothing to the worker; a committed one hands its page once', async () => {
    const e = em();
    const handed: number[] = [];
    const stop = onPageContentCommitted(e, (ids) => handed.push(...ids));
    let id = 0;
    await expect(
      e.transactional(async (t) => {
        const page = t.create(Page, { item: t.getReference(Item, item.id), title: 'Rolled', content: 'x' });
        await t.flush();
        id = page.id;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await filler.idle();
    expect(id).toBeGreaterThan(0);
    expect(await em().count(Page, { id })).toBe(0);
    expect(handed).toEqual([]);
    const kept = await newPage('Kept', 'y');
    stop();
    expect(handed).toEqual([kept]);
  });

  it('backfills pages written without the ORM in batches, in the background', async () => {
    await filler.idle();
    await filler.close();
    const e = em();
    const conn = e.getConnection();
    const count = 450;
    const now = new Date();
    for (let start = 0; start < count; start += 150) {
      const rows = Array.from({ length: Math.min(150, count - start) }, (_, k) => start + k);
      await conn.execute(
        `insert into page (created_at, item_id, title, content, s_number, author_name, comments, ext_info, is_draft, updated_at, version) values ${rows
          .map(() => '(?, ?, ?, ?, 99, ?, ?, ?, ?, ?, 1)')
          .join(', ')}`,
        rows.flatMap((k) => [now, item.id, `Raw ${k}`, `raw **page ${k}**`, '', '', '', false, now]),
      );
    }
    const missing = async () =>
      Number(
        (
          await em()
            .getConnection()
            .execute<Array<{ n: number }>>('select count(*) as n from page where plain_text is null')
        )[0]!.n,
      );
    expect(await missing()).toBe(count);
    const started = Date.now();
    filler = new PlainTextFiller(db.database.orm.em).start();
    // start() returns at once: the backfill runs behind it.
    expect(Date.now() - started).toBeLessThan(200);
    await filler.idle();
    expect(await missing()).toBe(0);
    const sample = await em()
      .getConnection()
      .execute<Array<{ plain_text: string }>>("select plain_text from page where title = 'Raw 449'");
    expect(sample[0]!.plain_text).toBe('raw page 449');
  }, 60_000);
});

describe('page plain text in the index file on sqlite', () => {
  let db: TestDb;
  let owner: User;
  let item: Item;
  const em = (): EntityManager => db.database.orm.em.fork();
  const viewer = () => new Viewer(owner);

  /** What the page row holds (nothing here) and what the index file holds, once the thread caught up. */
  const texts = async (id: number) => {
    expect(await searchIndexCaughtUp(em())).toBe(true);
    const connection = em().getConnection();
    const row = await connection.execute<Array<{ plain_text: string | null }>>(
      'select plain_text from page where id = ?',
      [id],
    );
    const kept = await connection.execute<Array<{ text: string }>>(
      'select text from search.page_text where page_id = ?',
      [id],
    );
    return { row: row[0]?.plain_text ?? null, index: kept[0]?.text ?? null };
  };
  const hitFor = async (keyword: string) => {
    const result = await db.services().search.search(viewer(), keyword, { itemId: item.id });
    return result.hits[0]!;
  };
  const restSnippet = async (keyword: string) => {
    const { pages } = await db.services().search.searchItem(viewer(), item.id, keyword, { plainText: true });
    return { page: pages[0]!, snippet: showdocSnippet(snippetText(pages[0]!, keyword), keyword) };
  };

  beforeAll(async () => {
    db = await openTestDb({ name: 'sqlite' }, 'plaintext-index');
    expect(plainTextInSearchIndex(em())).toBe(true);
    const e = em();
    owner = e.create(User, { username: 'owner', passwordHash: 'x' });
    item = e.create(Item, { name: 'Docs', owner });
    await e.flush();
  });

  afterAll(async () => {
    await db?.close();
  });

  it('a save neither reads nor writes it; the index thread does, and snippets come from there', async () => {
    const handed: number[] = [];
    const stop = onPageContentCommitted(em(), (ids) => handed.push(...ids));
    let id = 0;
    try {
      id = (await db.services().pages.save(viewer(), { itemId: item.id, title: 'Marked', content: 'x' })).id;
      await db.services().pages.save(viewer(), { id, itemId: item.id, content: MARKED });
    } finally {
      stop();
    }
    expect(handed).toEqual([]);
    // The row's filler, started as the server starts it, writes nothing here, not even when asked to.
    const filler = new PlainTextFiller(db.database.orm.em).start();
    filler.requestBackfill();
    filler.enqueue([id]);
    await filler.idle();
    await filler.close();
    const { row, index } = await texts(id);
    expect(row).toBeNull();
    expect(index).toContain('The bold word | table | link and warning.');

    const hit = await hitFor('bold');
    expect(hit.snippet).toContain('The bold word | table | link and warning.');
    expect(hit.snippet).not.toMatch(/\*\*|\]\(|<font/);
    expect(hit.snippet.slice(hit.highlights[0]!.start, hit.highlights[0]!.end)).toBe('bold');
    const rest = await restSnippet('user_token');
    expect(rest.snippet).toContain('user_token\tstring');
    expect(rest.snippet).not.toContain('|---|');
  });

  it('an edit through the unit of work is read again, a title-only change keeps the text', async () => {
    const e = em();
    const page = e.create(Page, {
      item: e.getReference(Item, item.id),
      title: 'Edited',
      content: 'first **alpha**',
    });
    await e.flush();
    expect((await texts(page.id)).index).toBe('first alpha');
    page.content = 'second **beta** text';
    await e.flush();
    expect((await texts(page.id)).index).toBe('second beta text');
    page.title = 'Edited twice';
    await e.flush();
    expect(await texts(page.id)).toEqual({ row: null, index: 'second beta text' });
    // A match only in the markup (a link target) keeps the source.
    page.content = 'See [the docs](https://docs.example.com/zebrafish) about **parrots**.';
    await e.flush();
    expect((await hitFor('parrots')).snippet).toBe('See the docs about parrots.');
    expect((await hitFor('zebrafish')).snippet).toBe(page.content);
  });

  it('reads hostile markdown on the thread, and keeps nothing for a page over the reading limit', async () => {
    const long = `${'**a '.repeat(INLINE_PLAIN_TEXT_MAX / 2)}\n\nthe **omega** line`;
    const { id } = await db
      .services()
      .pages.save(viewer(), { itemId: item.id, title: 'Long', content: long });
    expect((await texts(id)).index).toContain('the omega line');
    // Over 100 kB the source itself is cut: nothing to read (snippets keep the source).
    const huge = `the **sigma** word ${'z'.repeat(100_001)}`;
    await db.services().pages.save(viewer(), { id, itemId: item.id, content: huge });
    expect((await texts(id)).index).toBe('');
    expect((await restSnippet('sigma')).snippet).toContain('**sigma**');
  });

  it('never shows the text of older content: a page changed past the index has none until it is read', async () => {
    const { id } = await db.services().pages.save(viewer(), {
      itemId: item.id,
      title: 'Raced',
      content: 'old **gamma** words',
    });
    expect((await texts(id)).index).toBe('old gamma words');
    // The thread stops before it sees the next save (as when it is behind a long backlog).
    const dbFile = String(db.database.orm.config.get('dbName'));
    await ftsIndexerOf(em())!.close();
    let restarted: ReturnType<typeof startFtsIndexer> | null = null;
    try {
      await db.services().pages.save(viewer(), { id, itemId: item.id, content: 'new **delta** words' });
      // Search scans the pages without the index: the match is current, the snippet from the source.
      const stale = await restSnippet('delta');
      expect(stale.page.id).toBe(id);
      expect(stale.page.plainText).toBeNull();
      expect(stale.snippet).toContain('**delta**');
      restarted = startFtsIndexer(db.database.orm, dbFile);
      expect((await texts(id)).index).toBe('new delta words');
      const fresh = await restSnippet('delta');
      expect(fresh.page.plainText).toBe('new delta words');
      expect(fresh.snippet).toContain('new delta words');
    } finally {
      // The database closes the indexer it started (closed already); this one is the test's.
      await restarted?.close();
    }
  });
});
