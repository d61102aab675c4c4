import { Migration } from '@mikro-orm/migrations';

/**
 * The gram postings of MySQL/MariaDB leave the save's transaction (issue #14): a bench save replaced a whole
 * page body and rewrote thousands of `page_search_gram` rows in its transaction, ~19 ms of MariaDB's CPU per
 * save. Now a write of a page's indexed text appends the page's id to `page_search_queue` (one row), and
 * the server's gram indexer (db/src/search/gram-indexer.ts) brings the postings of queued pages in line after
 * the commit; search treats a queued page as a candidate until then. No foreign key: a deleted page's rows
 * are dropped by the indexer, and a save's append waits for no lock of the page table.
 */
export class Migration20261127210000_SearchQueue extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`page_search_queue\` (\`seq\` bigint unsigned not null auto_increment primary key, \`page_id\` int unsigned not null, index \`page_search_queue_page_id_index\` (\`page_id\`)) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`page_search_queue\`;`);
  }

}
