import { Migration } from '@mikro-orm/migrations';

export class Migration20261123111133_Initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`captcha\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`code\` text not null, \`expires_at\` datetime not null, \`used_at\` datetime null);`);
    this.addSql(`create index \`captcha_expires_at_index\` on \`captcha\` (\`expires_at\`);`);

    this.addSql(`create table \`login_failure\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`login_key\` text not null, \`failures\` integer not null default 0, \`locked_until\` datetime null, \`last_failure_at\` datetime not null);`);
    this.addSql(`create unique index \`login_failure_login_key_unique\` on \`login_failure\` (\`login_key\`);`);

    this.addSql(`create table \`site_option\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`name\` text not null, \`value\` text not null, \`updated_at\` datetime not null);`);
    this.addSql(`create unique index \`site_option_name_unique\` on \`site_option\` (\`name\`);`);

    this.addSql(`create table \`user\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`username\` text not null, \`email\` text null, \`name\` text null, \`password_hash\` text not null, \`group_id\` integer not null default 2, \`avatar\` text null, \`is_sso\` integer not null default false, \`push_url\` text null, \`last_login_at\` datetime null);`);
    this.addSql(`create unique index \`user_username_unique\` on \`user\` (\`username\`);`);
    this.addSql(`create unique index \`user_email_unique\` on \`user\` (\`email\`);`);

    this.addSql(`create table \`template\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`owner_id\` integer not null, \`title\` text not null, \`content\` longtext not null, constraint \`template_owner_id_foreign\` foreign key(\`owner_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`template_owner_id_index\` on \`template\` (\`owner_id\`);`);

    this.addSql(`create table \`team\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`name\` text not null, \`owner_id\` integer not null, \`updated_at\` datetime not null, constraint \`team_owner_id_foreign\` foreign key(\`owner_id\`) references \`user\`(\`id\`) on update cascade);`);
    this.addSql(`create index \`team_owner_id_index\` on \`team\` (\`owner_id\`);`);

    this.addSql(`create table \`team_member\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`team_id\` integer not null, \`user_id\` integer not null, \`team_member_group_id\` integer not null default 1, constraint \`team_member_team_id_foreign\` foreign key(\`team_id\`) references \`team\`(\`id\`) on delete cascade on update cascade, constraint \`team_member_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`team_member_team_id_index\` on \`team_member\` (\`team_id\`);`);
    this.addSql(`create index \`team_member_user_id_index\` on \`team_member\` (\`user_id\`);`);
    this.addSql(`create unique index \`team_member_team_id_user_id_unique\` on \`team_member\` (\`team_id\`, \`user_id\`);`);

    this.addSql(`create table \`message_content\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`from_user_id\` integer null, \`from_name\` text not null, \`message_type\` text not null, \`content\` text not null, \`action_type\` text not null default '', \`object_type\` text not null default '', \`object_id\` integer not null default 0, \`send_at\` datetime not null, constraint \`message_content_from_user_id_foreign\` foreign key(\`from_user_id\`) references \`user\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`message_content_from_user_id_index\` on \`message_content\` (\`from_user_id\`);`);

    this.addSql(`create table \`message\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`from_user_id\` integer null, \`to_user_id\` integer not null, \`message_type\` text not null, \`content_id\` integer not null, \`status\` integer not null default 0, \`read_at\` datetime null, constraint \`message_from_user_id_foreign\` foreign key(\`from_user_id\`) references \`user\`(\`id\`) on delete set null on update cascade, constraint \`message_to_user_id_foreign\` foreign key(\`to_user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`message_content_id_foreign\` foreign key(\`content_id\`) references \`message_content\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`message_from_user_id_index\` on \`message\` (\`from_user_id\`);`);
    this.addSql(`create index \`message_to_user_id_index\` on \`message\` (\`to_user_id\`);`);
    this.addSql(`create index \`message_content_id_index\` on \`message\` (\`content_id\`);`);
    this.addSql(`create index \`message_to_user_id_message_type_status_index\` on \`message\` (\`to_user_id\`, \`message_type\`, \`status\`);`);

    this.addSql(`create table \`item_group\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`user_id\` integer not null, \`name\` text not null, \`s_number\` integer not null default 0, \`updated_at\` datetime not null, constraint \`item_group_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`item_group_user_id_index\` on \`item_group\` (\`user_id\`);`);

    this.addSql(`create table \`item\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`name\` text not null, \`description\` text not null default '', \`owner_id\` integer not null, \`password\` text not null default '', \`domain\` text null, \`type\` integer not null default 1, \`is_archived\` integer not null default false, \`deleted_at\` datetime null, \`allow_comment\` integer not null default false, \`allow_feedback\` integer not null default false, \`last_update_at\` datetime not null, constraint \`item_owner_id_foreign\` foreign key(\`owner_id\`) references \`user\`(\`id\`) on update cascade);`);
    this.addSql(`create index \`item_owner_id_index\` on \`item\` (\`owner_id\`);`);
    this.addSql(`create unique index \`item_domain_unique\` on \`item\` (\`domain\`);`);
    this.addSql(`create index \`item_owner_id_deleted_at_index\` on \`item\` (\`owner_id\`, \`deleted_at\`);`);

    this.addSql(`create table \`template_item\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`template_id\` integer not null, \`item_id\` integer not null, \`shared_by_id\` integer not null, constraint \`template_item_template_id_foreign\` foreign key(\`template_id\`) references \`template\`(\`id\`) on delete cascade on update cascade, constraint \`template_item_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`template_item_shared_by_id_foreign\` foreign key(\`shared_by_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`template_item_template_id_index\` on \`template_item\` (\`template_id\`);`);
    this.addSql(`create index \`template_item_item_id_index\` on \`template_item\` (\`item_id\`);`);
    this.addSql(`create index \`template_item_shared_by_id_index\` on \`template_item\` (\`shared_by_id\`);`);
    this.addSql(`create unique index \`template_item_template_id_item_id_unique\` on \`template_item\` (\`template_id\`, \`item_id\`);`);

    this.addSql(`create table \`team_item_member\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`team_id\` integer not null, \`item_id\` integer not null, \`user_id\` integer not null, \`member_group_id\` integer not null default 1, constraint \`team_item_member_team_id_foreign\` foreign key(\`team_id\`) references \`team\`(\`id\`) on delete cascade on update cascade, constraint \`team_item_member_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`team_item_member_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`team_item_member_team_id_index\` on \`team_item_member\` (\`team_id\`);`);
    this.addSql(`create index \`team_item_member_item_id_index\` on \`team_item_member\` (\`item_id\`);`);
    this.addSql(`create index \`team_item_member_user_id_index\` on \`team_item_member\` (\`user_id\`);`);
    this.addSql(`create unique index \`team_item_member_team_id_item_id_user_id_unique\` on \`team_item_member\` (\`team_id\`, \`item_id\`, \`user_id\`);`);

    this.addSql(`create table \`team_item\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`team_id\` integer not null, \`item_id\` integer not null, constraint \`team_item_team_id_foreign\` foreign key(\`team_id\`) references \`team\`(\`id\`) on delete cascade on update cascade, constraint \`team_item_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`team_item_team_id_index\` on \`team_item\` (\`team_id\`);`);
    this.addSql(`create index \`team_item_item_id_index\` on \`team_item\` (\`item_id\`);`);
    this.addSql(`create unique index \`team_item_team_id_item_id_unique\` on \`team_item\` (\`team_id\`, \`item_id\`);`);

    this.addSql(`create table \`item_visit_grant\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`session_key\` text not null, \`item_id\` integer not null, \`expires_at\` datetime not null, constraint \`item_visit_grant_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`item_visit_grant_item_id_index\` on \`item_visit_grant\` (\`item_id\`);`);
    this.addSql(`create index \`item_visit_grant_expires_at_index\` on \`item_visit_grant\` (\`expires_at\`);`);
    this.addSql(`create unique index \`item_visit_grant_session_key_item_id_unique\` on \`item_visit_grant\` (\`session_key\`, \`item_id\`);`);

    this.addSql(`create table \`item_top\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`user_id\` integer not null, \`item_id\` integer not null, constraint \`item_top_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`item_top_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`item_top_user_id_index\` on \`item_top\` (\`user_id\`);`);
    this.addSql(`create index \`item_top_item_id_index\` on \`item_top\` (\`item_id\`);`);
    this.addSql(`create unique index \`item_top_user_id_item_id_unique\` on \`item_top\` (\`user_id\`, \`item_id\`);`);

    this.addSql(`create table \`item_star\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`user_id\` integer not null, \`item_id\` integer not null, constraint \`item_star_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`item_star_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`item_star_user_id_index\` on \`item_star\` (\`user_id\`);`);
    this.addSql(`create index \`item_star_item_id_index\` on \`item_star\` (\`item_id\`);`);
    this.addSql(`create unique index \`item_star_user_id_item_id_unique\` on \`item_star\` (\`user_id\`, \`item_id\`);`);

    this.addSql(`create table \`item_sort\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`user_id\` integer not null, \`group_id\` integer not null, \`item_id\` integer not null, \`s_number\` integer not null, constraint \`item_sort_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`item_sort_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`item_sort_user_id_index\` on \`item_sort\` (\`user_id\`);`);
    this.addSql(`create index \`item_sort_item_id_index\` on \`item_sort\` (\`item_id\`);`);
    this.addSql(`create unique index \`item_sort_user_id_group_id_item_id_unique\` on \`item_sort\` (\`user_id\`, \`group_id\`, \`item_id\`);`);

    this.addSql(`create table \`item_member\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`item_id\` integer not null, \`user_id\` integer not null, \`member_group_id\` integer not null default 0, constraint \`item_member_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`item_member_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`item_member_item_id_index\` on \`item_member\` (\`item_id\`);`);
    this.addSql(`create index \`item_member_user_id_index\` on \`item_member\` (\`user_id\`);`);
    this.addSql(`create unique index \`item_member_item_id_user_id_unique\` on \`item_member\` (\`item_id\`, \`user_id\`);`);

    this.addSql(`create table \`item_group_item\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`group_id\` integer not null, \`item_id\` integer not null, constraint \`item_group_item_group_id_foreign\` foreign key(\`group_id\`) references \`item_group\`(\`id\`) on delete cascade on update cascade, constraint \`item_group_item_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`item_group_item_group_id_index\` on \`item_group_item\` (\`group_id\`);`);
    this.addSql(`create index \`item_group_item_item_id_index\` on \`item_group_item\` (\`item_id\`);`);
    this.addSql(`create unique index \`item_group_item_group_id_item_id_unique\` on \`item_group_item\` (\`group_id\`, \`item_id\`);`);

    this.addSql(`create table \`item_change_log\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`item_id\` integer not null, \`user_id\` integer null, \`action_type\` text not null, \`object_type\` text not null, \`object_id\` integer not null, \`object_name\` text not null, \`remark\` text not null default '', constraint \`item_change_log_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`item_change_log_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`item_change_log_item_id_index\` on \`item_change_log\` (\`item_id\`);`);
    this.addSql(`create index \`item_change_log_user_id_index\` on \`item_change_log\` (\`user_id\`);`);
    this.addSql(`create index \`item_change_log_item_id_created_at_index\` on \`item_change_log\` (\`item_id\`, \`created_at\`);`);

    this.addSql(`create table \`item_api_key\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`item_id\` integer not null, \`api_key\` text not null, \`api_token\` text not null, \`last_check_at\` datetime null, constraint \`item_api_key_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`item_api_key_item_id_index\` on \`item_api_key\` (\`item_id\`);`);
    this.addSql(`create unique index \`item_api_key_item_id_unique\` on \`item_api_key\` (\`item_id\`);`);
    this.addSql(`create unique index \`item_api_key_api_key_unique\` on \`item_api_key\` (\`api_key\`);`);

    this.addSql(`create table \`catalog\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`item_id\` integer not null, \`parent_id\` integer null, \`name\` text not null, \`s_number\` integer not null default 99, \`level\` integer not null default 1, \`deleted_at\` datetime null, constraint \`catalog_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`catalog_parent_id_foreign\` foreign key(\`parent_id\`) references \`catalog\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`catalog_item_id_index\` on \`catalog\` (\`item_id\`);`);
    this.addSql(`create index \`catalog_parent_id_index\` on \`catalog\` (\`parent_id\`);`);
    this.addSql(`create index \`catalog_item_id_parent_id_s_number_index\` on \`catalog\` (\`item_id\`, \`parent_id\`, \`s_number\`);`);

    this.addSql(`create table \`team_item_member_catalog\` (\`team_item_member_id\` integer not null, \`catalog_id\` integer not null, constraint \`team_item_member_catalog_team_item_member_id_foreign\` foreign key(\`team_item_member_id\`) references \`team_item_member\`(\`id\`) on delete cascade on update cascade, constraint \`team_item_member_catalog_catalog_id_foreign\` foreign key(\`catalog_id\`) references \`catalog\`(\`id\`) on delete cascade on update cascade, primary key (\`team_item_member_id\`, \`catalog_id\`));`);
    this.addSql(`create index \`team_item_member_catalog_team_item_member_id_index\` on \`team_item_member_catalog\` (\`team_item_member_id\`);`);
    this.addSql(`create index \`team_item_member_catalog_catalog_id_index\` on \`team_item_member_catalog\` (\`catalog_id\`);`);

    this.addSql(`create table \`page\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`item_id\` integer not null, \`catalog_id\` integer null, \`title\` text not null, \`content\` longtext not null, \`s_number\` integer not null default 99, \`author_id\` integer null, \`author_name\` text not null default '', \`comments\` text not null default '', \`ext_info\` text not null default '', \`is_draft\` integer not null default false, \`deleted_at\` datetime null, \`updated_at\` datetime not null, \`version\` integer not null default 1, constraint \`page_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`page_catalog_id_foreign\` foreign key(\`catalog_id\`) references \`catalog\`(\`id\`) on delete set null on update cascade, constraint \`page_author_id_foreign\` foreign key(\`author_id\`) references \`user\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`page_item_id_index\` on \`page\` (\`item_id\`);`);
    this.addSql(`create index \`page_catalog_id_index\` on \`page\` (\`catalog_id\`);`);
    this.addSql(`create index \`page_author_id_index\` on \`page\` (\`author_id\`);`);
    this.addSql(`create index \`page_item_id_deleted_at_index\` on \`page\` (\`item_id\`, \`deleted_at\`);`);
    this.addSql(`create index \`page_item_id_catalog_id_s_number_index\` on \`page\` (\`item_id\`, \`catalog_id\`, \`s_number\`);`);

    this.addSql(`create table \`subscription\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`user_id\` integer not null, \`page_id\` integer not null, \`action_type\` text not null default 'update', constraint \`subscription_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`subscription_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`subscription_user_id_index\` on \`subscription\` (\`user_id\`);`);
    this.addSql(`create index \`subscription_page_id_index\` on \`subscription\` (\`page_id\`);`);
    this.addSql(`create unique index \`subscription_user_id_page_id_action_type_unique\` on \`subscription\` (\`user_id\`, \`page_id\`, \`action_type\`);`);

    this.addSql(`create table \`single_page_link\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`page_id\` integer not null, \`unique_key\` text not null, \`expires_at\` datetime null, constraint \`single_page_link_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`single_page_link_page_id_index\` on \`single_page_link\` (\`page_id\`);`);
    this.addSql(`create unique index \`single_page_link_page_id_unique\` on \`single_page_link\` (\`page_id\`);`);
    this.addSql(`create unique index \`single_page_link_unique_key_unique\` on \`single_page_link\` (\`unique_key\`);`);

    this.addSql(`create table \`recycle_entry\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`item_id\` integer not null, \`page_id\` integer not null, \`title\` text not null, \`deleted_by_id\` integer null, \`deleted_by_name\` text not null, \`deleted_at\` datetime not null, \`deleted_with_catalog_id\` integer null, constraint \`recycle_entry_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`recycle_entry_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade, constraint \`recycle_entry_deleted_by_id_foreign\` foreign key(\`deleted_by_id\`) references \`user\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`recycle_entry_item_id_index\` on \`recycle_entry\` (\`item_id\`);`);
    this.addSql(`create index \`recycle_entry_page_id_index\` on \`recycle_entry\` (\`page_id\`);`);
    this.addSql(`create unique index \`recycle_entry_page_id_unique\` on \`recycle_entry\` (\`page_id\`);`);
    this.addSql(`create index \`recycle_entry_deleted_by_id_index\` on \`recycle_entry\` (\`deleted_by_id\`);`);
    this.addSql(`create index \`recycle_entry_item_id_deleted_at_index\` on \`recycle_entry\` (\`item_id\`, \`deleted_at\`);`);

    this.addSql(`create table \`page_search_gram\` (\`page_id\` integer not null, \`gram\` text not null, \`item\` integer not null, constraint \`page_search_gram_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade, primary key (\`page_id\`, \`gram\`));`);
    this.addSql(`create index \`page_search_gram_page_id_index\` on \`page_search_gram\` (\`page_id\`);`);
    this.addSql(`create index \`page_search_gram_gram_item_index\` on \`page_search_gram\` (\`gram\`, \`item\`);`);

    this.addSql(`create table \`page_lock\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`page_id\` integer not null, \`user_id\` integer not null, \`locked_until\` datetime not null, constraint \`page_lock_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade, constraint \`page_lock_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`page_lock_page_id_index\` on \`page_lock\` (\`page_id\`);`);
    this.addSql(`create unique index \`page_lock_page_id_unique\` on \`page_lock\` (\`page_id\`);`);
    this.addSql(`create index \`page_lock_user_id_index\` on \`page_lock\` (\`user_id\`);`);

    this.addSql(`create table \`page_history\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`page_id\` integer not null, \`item_id\` integer not null, \`catalog_id\` integer null, \`title\` text not null, \`content\` longtext not null, \`comments\` text not null default '', \`author_id\` integer null, \`author_name\` text not null default '', \`version\` integer not null, constraint \`page_history_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade, constraint \`page_history_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`page_history_author_id_foreign\` foreign key(\`author_id\`) references \`user\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`page_history_page_id_index\` on \`page_history\` (\`page_id\`);`);
    this.addSql(`create index \`page_history_item_id_index\` on \`page_history\` (\`item_id\`);`);
    this.addSql(`create index \`page_history_author_id_index\` on \`page_history\` (\`author_id\`);`);
    this.addSql(`create index \`page_history_page_id_created_at_index\` on \`page_history\` (\`page_id\`, \`created_at\`);`);

    this.addSql(`create table \`mock\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`unique_key\` text not null, \`page_id\` integer not null, \`item_id\` integer not null, \`user_id\` integer not null, \`template\` longtext not null, \`path\` text not null default '/', \`view_times\` integer not null default 0, \`updated_at\` datetime not null, constraint \`mock_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade, constraint \`mock_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`mock_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create unique index \`mock_unique_key_unique\` on \`mock\` (\`unique_key\`);`);
    this.addSql(`create index \`mock_page_id_index\` on \`mock\` (\`page_id\`);`);
    this.addSql(`create unique index \`mock_page_id_unique\` on \`mock\` (\`page_id\`);`);
    this.addSql(`create index \`mock_item_id_index\` on \`mock\` (\`item_id\`);`);
    this.addSql(`create index \`mock_user_id_index\` on \`mock\` (\`user_id\`);`);

    this.addSql(`create table \`item_member_catalog\` (\`item_member_id\` integer not null, \`catalog_id\` integer not null, constraint \`item_member_catalog_item_member_id_foreign\` foreign key(\`item_member_id\`) references \`item_member\`(\`id\`) on delete cascade on update cascade, constraint \`item_member_catalog_catalog_id_foreign\` foreign key(\`catalog_id\`) references \`catalog\`(\`id\`) on delete cascade on update cascade, primary key (\`item_member_id\`, \`catalog_id\`));`);
    this.addSql(`create index \`item_member_catalog_item_member_id_index\` on \`item_member_catalog\` (\`item_member_id\`);`);
    this.addSql(`create index \`item_member_catalog_catalog_id_index\` on \`item_member_catalog\` (\`catalog_id\`);`);

    this.addSql(`create table \`file_flow\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`user_id\` integer not null, \`month\` text not null, \`used\` bigint not null default 0, constraint \`file_flow_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`file_flow_user_id_index\` on \`file_flow\` (\`user_id\`);`);
    this.addSql(`create unique index \`file_flow_user_id_month_unique\` on \`file_flow\` (\`user_id\`, \`month\`);`);

    this.addSql(`create table \`export_log\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`user_id\` integer not null, \`item_id\` integer not null, \`export_type\` text not null, constraint \`export_log_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`export_log_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`export_log_user_id_index\` on \`export_log\` (\`user_id\`);`);
    this.addSql(`create index \`export_log_item_id_index\` on \`export_log\` (\`item_id\`);`);

    this.addSql(`create table \`attachment\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`sign\` text not null, \`display_name\` text not null, \`file_type\` text not null, \`file_size\` bigint not null, \`uploader_id\` integer not null, \`item_id\` integer null, \`storage_key\` text not null, \`visit_times\` integer not null default 0, \`last_visit_at\` datetime null, constraint \`attachment_uploader_id_foreign\` foreign key(\`uploader_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`attachment_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create unique index \`attachment_sign_unique\` on \`attachment\` (\`sign\`);`);
    this.addSql(`create index \`attachment_uploader_id_index\` on \`attachment\` (\`uploader_id\`);`);
    this.addSql(`create index \`attachment_item_id_index\` on \`attachment\` (\`item_id\`);`);
    this.addSql(`create index \`attachment_uploader_id_created_at_index\` on \`attachment\` (\`uploader_id\`, \`created_at\`);`);

    this.addSql(`create table \`attachment_page\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`attachment_id\` integer not null, \`item_id\` integer not null, \`page_id\` integer not null, constraint \`attachment_page_attachment_id_foreign\` foreign key(\`attachment_id\`) references \`attachment\`(\`id\`) on delete cascade on update cascade, constraint \`attachment_page_item_id_foreign\` foreign key(\`item_id\`) references \`item\`(\`id\`) on delete cascade on update cascade, constraint \`attachment_page_page_id_foreign\` foreign key(\`page_id\`) references \`page\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`attachment_page_attachment_id_index\` on \`attachment_page\` (\`attachment_id\`);`);
    this.addSql(`create index \`attachment_page_item_id_index\` on \`attachment_page\` (\`item_id\`);`);
    this.addSql(`create index \`attachment_page_page_id_index\` on \`attachment_page\` (\`page_id\`);`);
    this.addSql(`create unique index \`attachment_page_attachment_id_page_id_unique\` on \`attachment_page\` (\`attachment_id\`, \`page_id\`);`);

    this.addSql(`create table \`user_token\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`user_id\` integer not null, \`token_hash\` text not null, \`expires_at\` datetime not null, \`ip\` text not null default '', \`last_used_at\` datetime null, constraint \`user_token_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`user_token_user_id_index\` on \`user_token\` (\`user_id\`);`);
    this.addSql(`create unique index \`user_token_token_hash_unique\` on \`user_token\` (\`token_hash\`);`);
    this.addSql(`create index \`user_token_expires_at_index\` on \`user_token\` (\`expires_at\`);`);
  }

}
