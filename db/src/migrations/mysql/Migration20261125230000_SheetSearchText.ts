import { Migration } from '@mikro-orm/migrations';
import { reindexPages } from '../../search/page-search-index';
import { sheetSearchText } from '../../search/sheet-text';

/**
 * Spreadsheet pages (issue #20) are searched by their cell text, not their JSON: `page.search_text`
 * holds that text (null for other pages); the postings and the exact check read
 * `coalesce(search_text, content)`. Existing sheet pages get their text and their postings here.
 */
export class Migration20261125230000_SheetSearchText extends Migration {

  override async up(): Promise<void> {
    await this.execute(`alter table \`page\` add \`search_text\` longtext null;`);
    const rows = await this.execute(
      `select p.id, p.content from page p join item i on i.id = p.item_id where i.type = 4`,
    );
    const ids: number[] = [];
    for (const row of rows as Array<{ id: number; content: string }>) {
      const text = sheetSearchText(String(row.content ?? ''));
      if (text === null) continue;
      await this.execute(`update page set search_text = ? where id = ?`, [text, row.id]);
      ids.push(Number(row.id));
    }
    await reindexPages(this.getEntityManager(), ids);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table \`page\` drop column \`search_text\`;`);
  }

}
