import { Migration } from '@mikro-orm/migrations';

/** MCP tokens (issue #21): a user's tokens for AI editors, stored as SHA-256, with scope and expiry. */
export class Migration20261125231500_UserAiToken extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`user_ai_token\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`user_id\` int unsigned not null, \`token_hash\` varchar(64) not null, \`token_preview\` varchar(32) not null, \`name\` varchar(100) not null, \`permission\` varchar(16) not null default 'write', \`scope\` varchar(16) not null default 'all', \`allowed_items\` varchar(2000) not null default '[]', \`can_create_item\` tinyint(1) not null default true, \`can_delete_item\` tinyint(1) not null default false, \`auto_add_created_item\` tinyint(1) not null default true, \`expires_at\` datetime null, \`last_used_at\` datetime null, \`is_active\` tinyint(1) not null default true) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`user_ai_token\` add index \`user_ai_token_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`user_ai_token\` add unique \`user_ai_token_token_hash_unique\`(\`token_hash\`);`);

    this.addSql(`alter table \`user_ai_token\` add constraint \`user_ai_token_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`user_ai_token\`;`);
  }

}
