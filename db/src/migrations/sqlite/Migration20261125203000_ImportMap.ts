import { Migration } from '@mikro-orm/migrations';

/**
 * The importers' map of source rows to Quire rows (ShowDoc database import, issue #23): what makes a
 * second run a no-op, and the record of ids that had to change because they collided.
 */
export class Migration20261125203000_ImportMap extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`import_map\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`source\` text not null, \`kind\` text not null, \`source_id\` bigint not null, \`target_id\` bigint not null);`);
    this.addSql(`create index \`import_map_source_kind_target_id_index\` on \`import_map\` (\`source\`, \`kind\`, \`target_id\`);`);
    this.addSql(`create unique index \`import_map_source_kind_source_id_unique\` on \`import_map\` (\`source\`, \`kind\`, \`source_id\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`import_map\`;`);
  }

}
