import { Migration } from '@mikro-orm/migrations';
import { sheetSearchText } from '../../search/sheet-text';

/**
 * Spreadsheet pages (issue #20) are searched by their cell text, not their JSON: `page.search_text`
 * holds that text (null for other pages) and the FTS5 index reads `coalesce(search_text, content)`
 * through the view `page_search_source`, so the triggers and FTS5's own `rebuild` see the same values.
 * Existing sheet pages get their text here.
 */
export class Migration20261125230000_SheetSearchText extends Migration {

  override async up(): Promise<void> {
    await this.execute(`alter table \`page\` add column \`search_text\` longtext null;`);
    const rows = await this.execute(
      `select p.id, p.content from page p join item i on i.id = p.item_id where i.type = 4`,
    );
    for (const row of rows as Array<{ id: number; content: string }>) {
      const text = sheetSearchText(String(row.content ?? ''));
      if (text !== null) await this.execute(`update page set search_text = ? where id = ?`, [text, row.id]);
    }
    await this.execute(`drop trigger if exists \`page_fts_after_update\`;`);
    await this.execute(`drop trigger if exists \`page_fts_after_delete\`;`);
    await this.execute(`drop trigger if exists \`page_fts_after_insert\`;`);
    await this.execute(`drop table if exists \`page_fts\`;`);
    await this.execute(`create view \`page_search_source\` as select id, title, coalesce(search_text, content) as content from page;`);
    await this.execute(`create virtual table \`page_fts\` using fts5(title, content, content='page_search_source', content_rowid='id', tokenize='trigram');`);
    await this.execute(`create trigger \`page_fts_after_insert\` after insert on \`page\` begin insert into page_fts (rowid, title, content) values (new.id, new.title, coalesce(new.search_text, new.content)); end;`);
    await this.execute(`create trigger \`page_fts_after_delete\` after delete on \`page\` begin insert into page_fts (page_fts, rowid, title, content) values ('delete', old.id, old.title, coalesce(old.search_text, old.content)); end;`);
    await this.execute(`create trigger \`page_fts_after_update\` after update of title, content, search_text on \`page\` begin insert into page_fts (page_fts, rowid, title, content) values ('delete', old.id, old.title, coalesce(old.search_text, old.content)); insert into page_fts (rowid, title, content) values (new.id, new.title, coalesce(new.search_text, new.content)); end;`);
    await this.execute(`insert into page_fts (page_fts) values ('rebuild');`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop trigger if exists \`page_fts_after_update\`;`);
    await this.execute(`drop trigger if exists \`page_fts_after_delete\`;`);
    await this.execute(`drop trigger if exists \`page_fts_after_insert\`;`);
    await this.execute(`drop table if exists \`page_fts\`;`);
    await this.execute(`drop view if exists \`page_search_source\`;`);
    await this.execute(`create virtual table \`page_fts\` using fts5(title, content, content='page', content_rowid='id', tokenize='trigram');`);
    await this.execute(`create trigger \`page_fts_after_insert\` after insert on \`page\` begin insert into page_fts (rowid, title, content) values (new.id, new.title, new.content); end;`);
    await this.execute(`create trigger \`page_fts_after_delete\` after delete on \`page\` begin insert into page_fts (page_fts, rowid, title, content) values ('delete', old.id, old.title, old.content); end;`);
    await this.execute(`create trigger \`page_fts_after_update\` after update of title, content on \`page\` begin insert into page_fts (page_fts, rowid, title, content) values ('delete', old.id, old.title, old.content); insert into page_fts (rowid, title, content) values (new.id, new.title, new.content); end;`);
    await this.execute(`alter table \`page\` drop column \`search_text\`;`);
    await this.execute(`insert into page_fts (page_fts) values ('rebuild');`);
  }

}
