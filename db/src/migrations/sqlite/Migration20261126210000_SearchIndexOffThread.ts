import { Migration } from '@mikro-orm/migrations';

/**
 * The full-text index moves out of the save's transaction and off the event loop (issue #14): it costs a
 * save ~1.3 ms of CPU per 4 kB page, about half of it. The triggers on `page` now only queue the page's id
 * in `page_fts_queue`; the index itself is rebuilt in `quire-search.db` by the indexer thread
 * (db/src/search/fts-index.ts), which also builds it there the first time. `page_fts_epoch` names this
 * database for that file. The view `page_search_source` stays: the thread reads the indexed texts from it.
 */
export class Migration20261126210000_SearchIndexOffThread extends Migration {

  override async up(): Promise<void> {
    await this.dropTriggers();
    await this.execute(`drop table if exists main.\`page_fts_terms\`;`);
    await this.execute(`drop table if exists main.\`page_fts\`;`);
    await this.execute(`create table \`page_fts_queue\` (\`seq\` integer primary key autoincrement, \`page_id\` integer not null);`);
    await this.execute(`create table \`page_fts_epoch\` (\`epoch\` text not null);`);
    await this.execute(`insert into \`page_fts_epoch\` (\`epoch\`) values (lower(hex(randomblob(16))));`);
    const queue = (id: string) => `insert into page_fts_queue (page_id) values (${id});`;
    await this.execute(`create trigger \`page_fts_after_insert\` after insert on \`page\` begin ${queue('new.id')} end;`);
    await this.execute(`create trigger \`page_fts_after_delete\` after delete on \`page\` begin ${queue('old.id')} end;`);
    await this.execute(`create trigger \`page_fts_after_update\` after update of title, content, search_text on \`page\` begin ${queue('new.id')} end;`);
  }

  override async down(): Promise<void> {
    await this.dropTriggers();
    await this.execute(`drop table if exists \`page_fts_queue\`;`);
    await this.execute(`drop table if exists \`page_fts_epoch\`;`);
    await this.execute(`create virtual table main.\`page_fts\` using fts5(title, content, content='page_search_source', content_rowid='id', tokenize='trigram');`);
    await this.execute(`create virtual table main.\`page_fts_terms\` using fts5vocab(page_fts, row);`);
    const title = `title || char(10, 10)`;
    const content = `coalesce(search_text, content) || char(10, 10)`;
    const of = (row: 'new' | 'old', expression: string) =>
      expression.replace(/\b(title|search_text|content)\b/g, `${row}.$1`);
    const insertNew = `insert into page_fts (rowid, title, content) values (new.id, ${of('new', title)}, ${of('new', content)});`;
    const deleteOld = `insert into page_fts (page_fts, rowid, title, content) values ('delete', old.id, ${of('old', title)}, ${of('old', content)});`;
    await this.execute(`create trigger \`page_fts_after_insert\` after insert on \`page\` begin ${insertNew} end;`);
    await this.execute(`create trigger \`page_fts_after_delete\` after delete on \`page\` begin ${deleteOld} end;`);
    await this.execute(`create trigger \`page_fts_after_update\` after update of title, content, search_text on \`page\` begin ${deleteOld} ${insertNew} end;`);
    await this.execute(`insert into main.page_fts (page_fts) values ('rebuild');`);
  }

  private async dropTriggers(): Promise<void> {
    await this.execute(`drop trigger if exists \`page_fts_after_update\`;`);
    await this.execute(`drop trigger if exists \`page_fts_after_delete\`;`);
    await this.execute(`drop trigger if exists \`page_fts_after_insert\`;`);
  }

}
