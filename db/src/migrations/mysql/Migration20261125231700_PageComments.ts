import { Migration } from '@mikro-orm/migrations';

/**
 * Page comments (issue #21, compat-notes §10): two levels, soft-deleted, one row per comment.
 */
export class Migration20261125231700_PageComments extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`page_comment\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`page_id\` int unsigned not null, \`item_id\` int unsigned not null, \`parent_id\` int unsigned null, \`user_id\` int unsigned null, \`username\` varchar(64) not null, \`content\` text not null, \`deleted_at\` datetime null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`page_comment\` add index \`page_comment_page_id_index\`(\`page_id\`);`);
    this.addSql(`alter table \`page_comment\` add index \`page_comment_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`page_comment\` add index \`page_comment_parent_id_index\`(\`parent_id\`);`);
    this.addSql(`alter table \`page_comment\` add index \`page_comment_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`page_comment\` add index \`page_comment_page_id_deleted_at_parent_id_index\`(\`page_id\`, \`deleted_at\`, \`parent_id\`);`);
    this.addSql(`alter table \`page_comment\` add constraint \`page_comment_page_id_foreign\` foreign key (\`page_id\`) references \`page\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`page_comment\` add constraint \`page_comment_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`page_comment\` add constraint \`page_comment_parent_id_foreign\` foreign key (\`parent_id\`) references \`page_comment\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`page_comment\` add constraint \`page_comment_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`page_comment\`;`);
  }

}
