import { Migration } from '@mikro-orm/migrations';

/**
 * Page comments (issue #21, compat-notes §10): two levels, soft-deleted, one row per comment.
 */
export class Migration20261125231646_PageComments extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`page_comment\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`page_id\` integer not null, \`item_id\` integer not null, \`parent_id\` integer null, \`user_id\` integer null, \`username\` text not null, \`content\` text not null, \`deleted_at\` datetime null, constraint \`page_comment_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade, constraint \`page_comment_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`page_comment_parent_id_foreign\` foreign key(\`parent_id\`) references \`page_comment\`(\`id\`) on delete cascade on update cascade, constraint \`page_comment_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`page_comment_page_id_index\` on \`page_comment\` (\`page_id\`);`);
    this.addSql(`create index \`page_comment_item_id_index\` on \`page_comment\` (\`item_id\`);`);
    this.addSql(`create index \`page_comment_parent_id_index\` on \`page_comment\` (\`parent_id\`);`);
    this.addSql(`create index \`page_comment_user_id_index\` on \`page_comment\` (\`user_id\`);`);
    this.addSql(`create index \`page_comment_page_id_deleted_at_parent_id_index\` on \`page_comment\` (\`page_id\`, \`deleted_at\`, \`parent_id\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`page_comment\`;`);
  }

}
