import { Migration } from '@mikro-orm/migrations';

/**
 * The importers' map of source rows to Quire rows (ShowDoc database import, issue #23): what makes a
 * second run a no-op, and the record of ids that had to change because they collided.
 */
export class Migration20261125203000_ImportMap extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`import_map\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`source\` varchar(64) not null, \`kind\` varchar(32) not null, \`source_id\` bigint not null, \`target_id\` bigint not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`import_map\` add index \`import_map_source_kind_target_id_index\`(\`source\`, \`kind\`, \`target_id\`);`);
    this.addSql(`alter table \`import_map\` add unique \`import_map_source_kind_source_id_unique\`(\`source\`, \`kind\`, \`source_id\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`import_map\`;`);
  }

}
