import { Migration } from '@mikro-orm/migrations';
import { reindexAll } from '../../search/page-search-index';

/**
 * Full-text search on MySQL/MariaDB (db/src/search/page-search-index.ts): `page_search_gram` holds
 * integer grams, read by item then gram; the primary key (page, gram) serves the foreign key. The old
 * postings (never written) are dropped and every existing page is indexed with the current indexer; a
 * later change of the gram format needs a migration that reindexes again.
 */
export class Migration20261123113158_Search extends Migration {

  override async up(): Promise<void> {
    // Run in order here (addSql would queue them after the backfill).
    await this.execute(`delete from \`page_search_gram\`;`);
    await this.execute(`alter table \`page_search_gram\` drop index \`page_search_gram_gram_item_index\`;`);
    await this.execute(`alter table \`page_search_gram\` drop index \`page_search_gram_page_id_index\`;`);
    await this.execute(`alter table \`page_search_gram\` modify \`gram\` bigint unsigned not null;`);
    await this.execute(`alter table \`page_search_gram\` add index \`page_search_gram_item_gram_index\`(\`item\`, \`gram\`);`);
    // The page table of this schema version has no search_text column yet (added in 20261125230000).
    await reindexAll(this.getEntityManager(), { withSheetText: false });
  }

  override async down(): Promise<void> {
    await this.execute(`delete from \`page_search_gram\`;`);
    await this.execute(`alter table \`page_search_gram\` drop index \`page_search_gram_item_gram_index\`;`);
    await this.execute(`alter table \`page_search_gram\` add index \`page_search_gram_page_id_index\`(\`page_id\`);`);
    await this.execute(`alter table \`page_search_gram\` modify \`gram\` varchar(12) not null;`);
    await this.execute(`alter table \`page_search_gram\` add index \`page_search_gram_gram_item_index\`(\`gram\`, \`item\`);`);
  }

}
