import { Migration } from '@mikro-orm/migrations';

/** MCP tokens (issue #21): a user's tokens for AI editors, stored as SHA-256, with scope and expiry. */
export class Migration20261125231500_UserAiToken extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`user_ai_token\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`user_id\` integer not null, \`token_hash\` text not null, \`token_preview\` text not null, \`name\` text not null, \`permission\` text not null default 'write', \`scope\` text not null default 'all', \`allowed_items\` text not null default '[]', \`can_create_item\` integer not null default true, \`can_delete_item\` integer not null default false, \`auto_add_created_item\` integer not null default true, \`expires_at\` datetime null, \`last_used_at\` datetime null, \`is_active\` integer not null default true, constraint \`user_ai_token_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`user_ai_token_user_id_index\` on \`user_ai_token\` (\`user_id\`);`);
    this.addSql(`create unique index \`user_ai_token_token_hash_unique\` on \`user_ai_token\` (\`token_hash\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`user_ai_token\`;`);
  }

}
