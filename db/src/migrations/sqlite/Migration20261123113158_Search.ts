import { Migration } from '@mikro-orm/migrations';

/**
 * Full-text search on SQLite (db/src/search/page-search-index.ts): an FTS5 table with the trigram
 * tokenizer over page titles and contents, its content read from `page` itself, kept in step by triggers
 * so that every write (ORM, raw SQL, foreign-key cascades) updates it. `page_search_gram` is MySQL's
 * index; here it only follows the entity (gram as an integer, indexed by item then gram).
 */
export class Migration20261123113158_Search extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop table if exists \`page_search_gram\`;`);
    this.addSql(`create table \`page_search_gram\` (\`page_id\` integer not null, \`gram\` bigint not null, \`item\` integer not null, constraint \`page_search_gram_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade, primary key (\`page_id\`, \`gram\`));`);
    this.addSql(`create index \`page_search_gram_item_gram_index\` on \`page_search_gram\` (\`item\`, \`gram\`);`);

    this.addSql(`create virtual table \`page_fts\` using fts5(title, content, content='page', content_rowid='id', tokenize='trigram');`);
    this.addSql(`create trigger \`page_fts_after_insert\` after insert on \`page\` begin insert into page_fts (rowid, title, content) values (new.id, new.title, new.content); end;`);
    this.addSql(`create trigger \`page_fts_after_delete\` after delete on \`page\` begin insert into page_fts (page_fts, rowid, title, content) values ('delete', old.id, old.title, old.content); end;`);
    this.addSql(`create trigger \`page_fts_after_update\` after update of title, content on \`page\` begin insert into page_fts (page_fts, rowid, title, content) values ('delete', old.id, old.title, old.content); insert into page_fts (rowid, title, content) values (new.id, new.title, new.content); end;`);
    this.addSql(`insert into page_fts (page_fts) values ('rebuild');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists \`page_fts_after_update\`;`);
    this.addSql(`drop trigger if exists \`page_fts_after_delete\`;`);
    this.addSql(`drop trigger if exists \`page_fts_after_insert\`;`);
    this.addSql(`drop table if exists \`page_fts\`;`);

    this.addSql(`drop table if exists \`page_search_gram\`;`);
    this.addSql(`create table \`page_search_gram\` (\`page_id\` integer not null, \`gram\` text not null, \`item\` integer not null, constraint \`page_search_gram_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade, primary key (\`page_id\`, \`gram\`));`);
    this.addSql(`create index \`page_search_gram_page_id_index\` on \`page_search_gram\` (\`page_id\`);`);
    this.addSql(`create index \`page_search_gram_gram_item_index\` on \`page_search_gram\` (\`gram\`, \`item\`);`);
  }

}
