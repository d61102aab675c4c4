import { Migration } from '@mikro-orm/migrations';

/**
 * The version of each item's menu (issue #14): readers cache the menu under it, every write that changes
 * the menu replaces it in its own transaction. No foreign key: bumping it must not lock the item row.
 * Items without a row get one on their first menu read.
 */
export class Migration20261125203000_ItemMenuVersion extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`item_menu_version\` (\`item_id\` int unsigned not null, \`version\` bigint not null, primary key (\`item_id\`)) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`item_menu_version\`;`);
  }

}
