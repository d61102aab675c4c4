import { Migration } from '@mikro-orm/migrations';

/**
 * The visit password's version on the item and on each visit grant: a grant opens the item only while
 * both match, so changing the password ends every earlier unlock (issue #15).
 */
export class Migration20261125182745_VisitPasswordVersion extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`item\` add column \`password_version\` integer not null default 0;`);
    this.addSql(`alter table \`item_visit_grant\` add column \`password_version\` integer not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`item_visit_grant\` drop column \`password_version\`;`);
    this.addSql(`alter table \`item\` drop column \`password_version\`;`);
  }

}
