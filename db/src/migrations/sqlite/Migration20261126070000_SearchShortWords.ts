import { Migration } from '@mikro-orm/migrations';

/**
 * Words of one or two characters (a Chinese word is often two) are found through the trigram index instead
 * of a LIKE scan of every page's content (issue #14): the pages holding a trigram that starts with the word.
 * Two line feeds end each indexed text, so that every character, the last two included, starts a trigram;
 * a search word is trimmed, so it never ends with them and they match nothing else. `page_fts_terms` lists
 * the index's trigrams with their page counts (fts5vocab), which is how search reads that range.
 */
export class Migration20261126070000_SearchShortWords extends Migration {

  override async up(): Promise<void> {
    await this.sourceAndTriggers(`title || char(10, 10)`, `coalesce(search_text, content) || char(10, 10)`);
    await this.execute(`create virtual table \`page_fts_terms\` using fts5vocab(page_fts, row);`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists \`page_fts_terms\`;`);
    await this.sourceAndTriggers(`title`, `coalesce(search_text, content)`);
  }

  /** The FTS5 index's content view and the triggers that feed it the same values, then a rebuild. */
  private async sourceAndTriggers(title: string, content: string): Promise<void> {
    const of = (row: 'new' | 'old', expression: string) =>
      expression.replace(/\b(title|search_text|content)\b/g, `${row}.$1`);
    await this.execute(`drop trigger if exists \`page_fts_after_update\`;`);
    await this.execute(`drop trigger if exists \`page_fts_after_delete\`;`);
    await this.execute(`drop trigger if exists \`page_fts_after_insert\`;`);
    await this.execute(`drop view if exists \`page_search_source\`;`);
    await this.execute(`create view \`page_search_source\` as select id, ${title} as title, ${content} as content from page;`);
    const insertNew = `insert into page_fts (rowid, title, content) values (new.id, ${of('new', title)}, ${of('new', content)});`;
    const deleteOld = `insert into page_fts (page_fts, rowid, title, content) values ('delete', old.id, ${of('old', title)}, ${of('old', content)});`;
    await this.execute(`create trigger \`page_fts_after_insert\` after insert on \`page\` begin ${insertNew} end;`);
    await this.execute(`create trigger \`page_fts_after_delete\` after delete on \`page\` begin ${deleteOld} end;`);
    await this.execute(`create trigger \`page_fts_after_update\` after update of title, content, search_text on \`page\` begin ${deleteOld} ${insertNew} end;`);
    await this.execute(`insert into page_fts (page_fts) values ('rebuild');`);
  }

}
