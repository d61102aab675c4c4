import { Migration } from '@mikro-orm/migrations';

/**
 * Item webhooks and the outbox of outbound deliveries (issue #18): rows written in the transaction of
 * the change they report, drained by the job runner with retries, kept as each hook's delivery log.
 */
export class Migration20261125202841_Webhooks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`item_webhook\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`item_id\` integer not null, \`url\` text not null, \`secret\` text not null, \`events\` text not null default 'page,catalog,member', \`preset\` text not null default 'json', \`enabled\` integer not null default true, \`created_by_id\` integer null, constraint \`item_webhook_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`item_webhook_created_by_id_foreign\` foreign key(\`created_by_id\`) references \`user\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`item_webhook_item_id_index\` on \`item_webhook\` (\`item_id\`);`);
    this.addSql(`create index \`item_webhook_created_by_id_index\` on \`item_webhook\` (\`created_by_id\`);`);

    this.addSql(`create table \`webhook_delivery\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`webhook_id\` integer null, \`user_id\` integer null, \`url\` text not null, \`event\` text not null, \`delivery_id\` text not null, \`payload\` text not null, \`state\` text not null default 'pending', \`attempts\` integer not null default 0, \`next_attempt_at\` datetime not null, \`claimed_until\` datetime null, \`response_code\` integer null, \`last_error\` text not null default '', \`duration_ms\` integer null, \`delivered_at\` datetime null, constraint \`webhook_delivery_webhook_id_foreign\` foreign key(\`webhook_id\`) references \`item_webhook\`(\`id\`) on delete cascade on update cascade, constraint \`webhook_delivery_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`webhook_delivery_webhook_id_index\` on \`webhook_delivery\` (\`webhook_id\`);`);
    this.addSql(`create index \`webhook_delivery_user_id_index\` on \`webhook_delivery\` (\`user_id\`);`);
    this.addSql(`create unique index \`webhook_delivery_delivery_id_unique\` on \`webhook_delivery\` (\`delivery_id\`);`);
    this.addSql(`create index \`webhook_delivery_state_next_attempt_at_index\` on \`webhook_delivery\` (\`state\`, \`next_attempt_at\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`webhook_delivery\`;`);
    this.addSql(`drop table if exists \`item_webhook\`;`);
  }

}
