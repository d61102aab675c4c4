import { Migration } from '@mikro-orm/migrations';

/**
 * Search snippets come from the page as readers see it (issue #22): `page.plain_text` holds the text of the
 * page's markdown (no emphasis marks, table pipes, link targets or tags), written after each save by a
 * background worker (api/src/domain/search/plain-text-filler.ts). Null until then: existing pages are filled
 * by the server's background backfill after start, not here, so the upgrade stays quick.
 */
export class Migration20261126030000_PagePlainText extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`page\` add column \`plain_text\` longtext null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`page\` drop column \`plain_text\`;`);
  }

}
