import { Migration } from '@mikro-orm/migrations';

/**
 * Login failures are counted by the rate limiter (memory or Redis, api/src/domain/limits), atomically and
 * per address as well as per account; the per-account lock-out table is gone.
 */
export class Migration20261125183000_DropLoginFailure extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop table if exists \`login_failure\`;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create table \`login_failure\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`login_key\` varchar(190) not null, \`failures\` int not null default 0, \`locked_until\` datetime null, \`last_failure_at\` datetime not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`login_failure\` add unique \`login_failure_login_key_unique\`(\`login_key\`);`);
  }

}
