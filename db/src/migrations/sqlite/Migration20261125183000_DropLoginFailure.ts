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
    this.addSql(`create table \`login_failure\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`login_key\` text not null, \`failures\` integer not null default 0, \`locked_until\` datetime null, \`last_failure_at\` datetime not null);`);
    this.addSql(`create unique index \`login_failure_login_key_unique\` on \`login_failure\` (\`login_key\`);`);
  }

}
