import { Migration } from '@mikro-orm/migrations';

/**
 * Item webhooks and the outbox of outbound deliveries (issue #18): rows written in the transaction of
 * the change they report, drained by the job runner with retries, kept as each hook's delivery log.
 */
export class Migration20261125202859_Webhooks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`item_webhook\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`item_id\` int unsigned not null, \`url\` varchar(500) not null, \`secret\` varchar(100) not null, \`events\` varchar(100) not null default 'page,catalog,member', \`preset\` varchar(16) not null default 'json', \`enabled\` tinyint(1) not null default true, \`created_by_id\` int unsigned null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_webhook\` add index \`item_webhook_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`item_webhook\` add index \`item_webhook_created_by_id_index\`(\`created_by_id\`);`);

    this.addSql(`create table \`webhook_delivery\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`webhook_id\` int unsigned null, \`user_id\` int unsigned null, \`url\` varchar(500) not null, \`event\` varchar(32) not null, \`delivery_id\` varchar(36) not null, \`payload\` text not null, \`state\` varchar(16) not null default 'pending', \`attempts\` int not null default 0, \`next_attempt_at\` datetime not null, \`claimed_until\` datetime null, \`response_code\` int null, \`last_error\` varchar(255) not null default '', \`duration_ms\` int null, \`delivered_at\` datetime null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`webhook_delivery\` add index \`webhook_delivery_webhook_id_index\`(\`webhook_id\`);`);
    this.addSql(`alter table \`webhook_delivery\` add index \`webhook_delivery_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`webhook_delivery\` add unique \`webhook_delivery_delivery_id_unique\`(\`delivery_id\`);`);
    this.addSql(`alter table \`webhook_delivery\` add index \`webhook_delivery_state_next_attempt_at_index\`(\`state\`, \`next_attempt_at\`);`);

    this.addSql(`alter table \`item_webhook\` add constraint \`item_webhook_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`item_webhook\` add constraint \`item_webhook_created_by_id_foreign\` foreign key (\`created_by_id\`) references \`user\` (\`id\`) on update cascade on delete set null;`);

    this.addSql(`alter table \`webhook_delivery\` add constraint \`webhook_delivery_webhook_id_foreign\` foreign key (\`webhook_id\`) references \`item_webhook\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`webhook_delivery\` add constraint \`webhook_delivery_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`webhook_delivery\`;`);
    this.addSql(`drop table if exists \`item_webhook\`;`);
  }

}
