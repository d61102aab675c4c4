import { Migration } from '@mikro-orm/migrations';

export class Migration20261123111133_Initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`captcha\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`code\` varchar(16) not null, \`expires_at\` datetime not null, \`used_at\` datetime null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`captcha\` add index \`captcha_expires_at_index\`(\`expires_at\`);`);

    this.addSql(`create table \`login_failure\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`login_key\` varchar(190) not null, \`failures\` int not null default 0, \`locked_until\` datetime null, \`last_failure_at\` datetime not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`login_failure\` add unique \`login_failure_login_key_unique\`(\`login_key\`);`);

    this.addSql(`create table \`site_option\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`name\` varchar(100) not null, \`value\` text not null, \`updated_at\` datetime not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`site_option\` add unique \`site_option_name_unique\`(\`name\`);`);

    this.addSql(`create table \`user\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`username\` varchar(64) not null, \`email\` varchar(190) null, \`name\` varchar(100) null, \`password_hash\` varchar(255) not null, \`group_id\` smallint not null default 2, \`avatar\` varchar(255) null, \`is_sso\` tinyint(1) not null default false, \`push_url\` varchar(500) null, \`last_login_at\` datetime null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`user\` add unique \`user_username_unique\`(\`username\`);`);
    this.addSql(`alter table \`user\` add unique \`user_email_unique\`(\`email\`);`);

    this.addSql(`create table \`template\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`owner_id\` int unsigned not null, \`title\` varchar(255) not null, \`content\` longtext not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`template\` add index \`template_owner_id_index\`(\`owner_id\`);`);

    this.addSql(`create table \`team\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`name\` varchar(100) not null, \`owner_id\` int unsigned not null, \`updated_at\` datetime not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`team\` add index \`team_owner_id_index\`(\`owner_id\`);`);

    this.addSql(`create table \`team_member\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`team_id\` int unsigned not null, \`user_id\` int unsigned not null, \`team_member_group_id\` smallint not null default 1) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`team_member\` add index \`team_member_team_id_index\`(\`team_id\`);`);
    this.addSql(`alter table \`team_member\` add index \`team_member_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`team_member\` add unique \`team_member_team_id_user_id_unique\`(\`team_id\`, \`user_id\`);`);

    this.addSql(`create table \`message_content\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`from_user_id\` int unsigned null, \`from_name\` varchar(100) not null, \`message_type\` varchar(16) not null, \`content\` text not null, \`action_type\` varchar(16) not null default '', \`object_type\` varchar(16) not null default '', \`object_id\` int not null default 0, \`send_at\` datetime not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`message_content\` add index \`message_content_from_user_id_index\`(\`from_user_id\`);`);

    this.addSql(`create table \`message\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`from_user_id\` int unsigned null, \`to_user_id\` int unsigned not null, \`message_type\` varchar(16) not null, \`content_id\` int unsigned not null, \`status\` smallint not null default 0, \`read_at\` datetime null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`message\` add index \`message_from_user_id_index\`(\`from_user_id\`);`);
    this.addSql(`alter table \`message\` add index \`message_to_user_id_index\`(\`to_user_id\`);`);
    this.addSql(`alter table \`message\` add index \`message_content_id_index\`(\`content_id\`);`);
    this.addSql(`alter table \`message\` add index \`message_to_user_id_message_type_status_index\`(\`to_user_id\`, \`message_type\`, \`status\`);`);

    this.addSql(`create table \`item_group\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`user_id\` int unsigned not null, \`name\` varchar(100) not null, \`s_number\` int not null default 0, \`updated_at\` datetime not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_group\` add index \`item_group_user_id_index\`(\`user_id\`);`);

    this.addSql(`create table \`item\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`name\` varchar(200) not null, \`description\` text not null default (''), \`owner_id\` int unsigned not null, \`password\` varchar(100) not null default '', \`domain\` varchar(64) null, \`type\` smallint not null default 1, \`is_archived\` tinyint(1) not null default false, \`deleted_at\` datetime null, \`allow_comment\` tinyint(1) not null default false, \`allow_feedback\` tinyint(1) not null default false, \`last_update_at\` datetime not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item\` add index \`item_owner_id_index\`(\`owner_id\`);`);
    this.addSql(`alter table \`item\` add unique \`item_domain_unique\`(\`domain\`);`);
    this.addSql(`alter table \`item\` add index \`item_owner_id_deleted_at_index\`(\`owner_id\`, \`deleted_at\`);`);

    this.addSql(`create table \`template_item\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`template_id\` int unsigned not null, \`item_id\` int unsigned not null, \`shared_by_id\` int unsigned not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`template_item\` add index \`template_item_template_id_index\`(\`template_id\`);`);
    this.addSql(`alter table \`template_item\` add index \`template_item_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`template_item\` add index \`template_item_shared_by_id_index\`(\`shared_by_id\`);`);
    this.addSql(`alter table \`template_item\` add unique \`template_item_template_id_item_id_unique\`(\`template_id\`, \`item_id\`);`);

    this.addSql(`create table \`team_item_member\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`team_id\` int unsigned not null, \`item_id\` int unsigned not null, \`user_id\` int unsigned not null, \`member_group_id\` smallint not null default 1) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`team_item_member\` add index \`team_item_member_team_id_index\`(\`team_id\`);`);
    this.addSql(`alter table \`team_item_member\` add index \`team_item_member_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`team_item_member\` add index \`team_item_member_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`team_item_member\` add unique \`team_item_member_team_id_item_id_user_id_unique\`(\`team_id\`, \`item_id\`, \`user_id\`);`);

    this.addSql(`create table \`team_item\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`team_id\` int unsigned not null, \`item_id\` int unsigned not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`team_item\` add index \`team_item_team_id_index\`(\`team_id\`);`);
    this.addSql(`alter table \`team_item\` add index \`team_item_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`team_item\` add unique \`team_item_team_id_item_id_unique\`(\`team_id\`, \`item_id\`);`);

    this.addSql(`create table \`item_visit_grant\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`session_key\` varchar(64) not null, \`item_id\` int unsigned not null, \`expires_at\` datetime not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_visit_grant\` add index \`item_visit_grant_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`item_visit_grant\` add index \`item_visit_grant_expires_at_index\`(\`expires_at\`);`);
    this.addSql(`alter table \`item_visit_grant\` add unique \`item_visit_grant_session_key_item_id_unique\`(\`session_key\`, \`item_id\`);`);

    this.addSql(`create table \`item_top\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`user_id\` int unsigned not null, \`item_id\` int unsigned not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_top\` add index \`item_top_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`item_top\` add index \`item_top_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`item_top\` add unique \`item_top_user_id_item_id_unique\`(\`user_id\`, \`item_id\`);`);

    this.addSql(`create table \`item_star\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`user_id\` int unsigned not null, \`item_id\` int unsigned not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_star\` add index \`item_star_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`item_star\` add index \`item_star_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`item_star\` add unique \`item_star_user_id_item_id_unique\`(\`user_id\`, \`item_id\`);`);

    this.addSql(`create table \`item_sort\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`user_id\` int unsigned not null, \`group_id\` int not null, \`item_id\` int unsigned not null, \`s_number\` int not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_sort\` add index \`item_sort_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`item_sort\` add index \`item_sort_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`item_sort\` add unique \`item_sort_user_id_group_id_item_id_unique\`(\`user_id\`, \`group_id\`, \`item_id\`);`);

    this.addSql(`create table \`item_member\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`item_id\` int unsigned not null, \`user_id\` int unsigned not null, \`member_group_id\` smallint not null default 0) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_member\` add index \`item_member_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`item_member\` add index \`item_member_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`item_member\` add unique \`item_member_item_id_user_id_unique\`(\`item_id\`, \`user_id\`);`);

    this.addSql(`create table \`item_group_item\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`group_id\` int unsigned not null, \`item_id\` int unsigned not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_group_item\` add index \`item_group_item_group_id_index\`(\`group_id\`);`);
    this.addSql(`alter table \`item_group_item\` add index \`item_group_item_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`item_group_item\` add unique \`item_group_item_group_id_item_id_unique\`(\`group_id\`, \`item_id\`);`);

    this.addSql(`create table \`item_change_log\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`item_id\` int unsigned not null, \`user_id\` int unsigned null, \`action_type\` varchar(16) not null, \`object_type\` varchar(16) not null, \`object_id\` int not null, \`object_name\` varchar(255) not null, \`remark\` varchar(255) not null default '') default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_change_log\` add index \`item_change_log_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`item_change_log\` add index \`item_change_log_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`item_change_log\` add index \`item_change_log_item_id_created_at_index\`(\`item_id\`, \`created_at\`);`);

    this.addSql(`create table \`item_api_key\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`item_id\` int unsigned not null, \`api_key\` varchar(64) not null, \`api_token\` varchar(64) not null, \`last_check_at\` datetime null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_api_key\` add index \`item_api_key_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`item_api_key\` add unique \`item_api_key_item_id_unique\`(\`item_id\`);`);
    this.addSql(`alter table \`item_api_key\` add unique \`item_api_key_api_key_unique\`(\`api_key\`);`);

    this.addSql(`create table \`catalog\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`item_id\` int unsigned not null, \`parent_id\` int unsigned null, \`name\` varchar(200) not null, \`s_number\` int not null default 99, \`level\` smallint not null default 1, \`deleted_at\` datetime null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`catalog\` add index \`catalog_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`catalog\` add index \`catalog_parent_id_index\`(\`parent_id\`);`);
    this.addSql(`alter table \`catalog\` add index \`catalog_item_id_parent_id_s_number_index\`(\`item_id\`, \`parent_id\`, \`s_number\`);`);

    this.addSql(`create table \`team_item_member_catalog\` (\`team_item_member_id\` int unsigned not null, \`catalog_id\` int unsigned not null, primary key (\`team_item_member_id\`, \`catalog_id\`)) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`team_item_member_catalog\` add index \`team_item_member_catalog_team_item_member_id_index\`(\`team_item_member_id\`);`);
    this.addSql(`alter table \`team_item_member_catalog\` add index \`team_item_member_catalog_catalog_id_index\`(\`catalog_id\`);`);

    this.addSql(`create table \`page\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`item_id\` int unsigned not null, \`catalog_id\` int unsigned null, \`title\` varchar(255) not null, \`content\` longtext not null, \`s_number\` int not null default 99, \`author_id\` int unsigned null, \`author_name\` varchar(64) not null default '', \`comments\` varchar(255) not null default '', \`ext_info\` text not null default (''), \`is_draft\` tinyint(1) not null default false, \`deleted_at\` datetime null, \`updated_at\` datetime not null, \`version\` int not null default 1) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`page\` add index \`page_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`page\` add index \`page_catalog_id_index\`(\`catalog_id\`);`);
    this.addSql(`alter table \`page\` add index \`page_author_id_index\`(\`author_id\`);`);
    this.addSql(`alter table \`page\` add index \`page_item_id_deleted_at_index\`(\`item_id\`, \`deleted_at\`);`);
    this.addSql(`alter table \`page\` add index \`page_item_id_catalog_id_s_number_index\`(\`item_id\`, \`catalog_id\`, \`s_number\`);`);

    this.addSql(`create table \`subscription\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`user_id\` int unsigned not null, \`page_id\` int unsigned not null, \`action_type\` varchar(16) not null default 'update') default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`subscription\` add index \`subscription_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`subscription\` add index \`subscription_page_id_index\`(\`page_id\`);`);
    this.addSql(`alter table \`subscription\` add unique \`subscription_user_id_page_id_action_type_unique\`(\`user_id\`, \`page_id\`, \`action_type\`);`);

    this.addSql(`create table \`single_page_link\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`page_id\` int unsigned not null, \`unique_key\` varchar(64) not null, \`expires_at\` datetime null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`single_page_link\` add index \`single_page_link_page_id_index\`(\`page_id\`);`);
    this.addSql(`alter table \`single_page_link\` add unique \`single_page_link_page_id_unique\`(\`page_id\`);`);
    this.addSql(`alter table \`single_page_link\` add unique \`single_page_link_unique_key_unique\`(\`unique_key\`);`);

    this.addSql(`create table \`recycle_entry\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`item_id\` int unsigned not null, \`page_id\` int unsigned not null, \`title\` varchar(255) not null, \`deleted_by_id\` int unsigned null, \`deleted_by_name\` varchar(64) not null, \`deleted_at\` datetime not null, \`deleted_with_catalog_id\` int null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`recycle_entry\` add index \`recycle_entry_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`recycle_entry\` add index \`recycle_entry_page_id_index\`(\`page_id\`);`);
    this.addSql(`alter table \`recycle_entry\` add unique \`recycle_entry_page_id_unique\`(\`page_id\`);`);
    this.addSql(`alter table \`recycle_entry\` add index \`recycle_entry_deleted_by_id_index\`(\`deleted_by_id\`);`);
    this.addSql(`alter table \`recycle_entry\` add index \`recycle_entry_item_id_deleted_at_index\`(\`item_id\`, \`deleted_at\`);`);

    this.addSql(`create table \`page_search_gram\` (\`page_id\` int unsigned not null, \`gram\` varchar(12) not null, \`item\` int not null, primary key (\`page_id\`, \`gram\`)) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`page_search_gram\` add index \`page_search_gram_page_id_index\`(\`page_id\`);`);
    this.addSql(`alter table \`page_search_gram\` add index \`page_search_gram_gram_item_index\`(\`gram\`, \`item\`);`);

    this.addSql(`create table \`page_lock\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`page_id\` int unsigned not null, \`user_id\` int unsigned not null, \`locked_until\` datetime not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`page_lock\` add index \`page_lock_page_id_index\`(\`page_id\`);`);
    this.addSql(`alter table \`page_lock\` add unique \`page_lock_page_id_unique\`(\`page_id\`);`);
    this.addSql(`alter table \`page_lock\` add index \`page_lock_user_id_index\`(\`user_id\`);`);

    this.addSql(`create table \`page_history\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`page_id\` int unsigned not null, \`item_id\` int unsigned not null, \`catalog_id\` int null, \`title\` varchar(255) not null, \`content\` longtext not null, \`comments\` varchar(255) not null default '', \`author_id\` int unsigned null, \`author_name\` varchar(64) not null default '', \`version\` int not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`page_history\` add index \`page_history_page_id_index\`(\`page_id\`);`);
    this.addSql(`alter table \`page_history\` add index \`page_history_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`page_history\` add index \`page_history_author_id_index\`(\`author_id\`);`);
    this.addSql(`alter table \`page_history\` add index \`page_history_page_id_created_at_index\`(\`page_id\`, \`created_at\`);`);

    this.addSql(`create table \`mock\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`unique_key\` varchar(64) not null, \`page_id\` int unsigned not null, \`item_id\` int unsigned not null, \`user_id\` int unsigned not null, \`template\` longtext not null, \`path\` varchar(500) not null default '/', \`view_times\` int not null default 0, \`updated_at\` datetime not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`mock\` add unique \`mock_unique_key_unique\`(\`unique_key\`);`);
    this.addSql(`alter table \`mock\` add index \`mock_page_id_index\`(\`page_id\`);`);
    this.addSql(`alter table \`mock\` add unique \`mock_page_id_unique\`(\`page_id\`);`);
    this.addSql(`alter table \`mock\` add index \`mock_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`mock\` add index \`mock_user_id_index\`(\`user_id\`);`);

    this.addSql(`create table \`item_member_catalog\` (\`item_member_id\` int unsigned not null, \`catalog_id\` int unsigned not null, primary key (\`item_member_id\`, \`catalog_id\`)) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`item_member_catalog\` add index \`item_member_catalog_item_member_id_index\`(\`item_member_id\`);`);
    this.addSql(`alter table \`item_member_catalog\` add index \`item_member_catalog_catalog_id_index\`(\`catalog_id\`);`);

    this.addSql(`create table \`file_flow\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`user_id\` int unsigned not null, \`month\` varchar(7) not null, \`used\` bigint not null default 0) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`file_flow\` add index \`file_flow_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`file_flow\` add unique \`file_flow_user_id_month_unique\`(\`user_id\`, \`month\`);`);

    this.addSql(`create table \`export_log\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`user_id\` int unsigned not null, \`item_id\` int unsigned not null, \`export_type\` varchar(16) not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`export_log\` add index \`export_log_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`export_log\` add index \`export_log_item_id_index\`(\`item_id\`);`);

    this.addSql(`create table \`attachment\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`sign\` varchar(64) not null, \`display_name\` varchar(255) not null, \`file_type\` varchar(128) not null, \`file_size\` bigint not null, \`uploader_id\` int unsigned not null, \`item_id\` int unsigned null, \`storage_key\` varchar(500) not null, \`visit_times\` int not null default 0, \`last_visit_at\` datetime null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`attachment\` add unique \`attachment_sign_unique\`(\`sign\`);`);
    this.addSql(`alter table \`attachment\` add index \`attachment_uploader_id_index\`(\`uploader_id\`);`);
    this.addSql(`alter table \`attachment\` add index \`attachment_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`attachment\` add index \`attachment_uploader_id_created_at_index\`(\`uploader_id\`, \`created_at\`);`);

    this.addSql(`create table \`attachment_page\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`attachment_id\` int unsigned not null, \`item_id\` int unsigned not null, \`page_id\` int unsigned not null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`attachment_page\` add index \`attachment_page_attachment_id_index\`(\`attachment_id\`);`);
    this.addSql(`alter table \`attachment_page\` add index \`attachment_page_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`attachment_page\` add index \`attachment_page_page_id_index\`(\`page_id\`);`);
    this.addSql(`alter table \`attachment_page\` add unique \`attachment_page_attachment_id_page_id_unique\`(\`attachment_id\`, \`page_id\`);`);

    this.addSql(`create table \`user_token\` (\`id\` int unsigned not null auto_increment primary key, \`created_at\` datetime not null, \`user_id\` int unsigned not null, \`token_hash\` varchar(64) not null, \`expires_at\` datetime not null, \`ip\` varchar(64) not null default '', \`last_used_at\` datetime null) default character set utf8mb4 collate utf8mb4_unicode_ci engine = InnoDB;`);
    this.addSql(`alter table \`user_token\` add index \`user_token_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`user_token\` add unique \`user_token_token_hash_unique\`(\`token_hash\`);`);
    this.addSql(`alter table \`user_token\` add index \`user_token_expires_at_index\`(\`expires_at\`);`);

    this.addSql(`alter table \`template\` add constraint \`template_owner_id_foreign\` foreign key (\`owner_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`team\` add constraint \`team_owner_id_foreign\` foreign key (\`owner_id\`) references \`user\` (\`id\`) on update cascade;`);

    this.addSql(`alter table \`team_member\` add constraint \`team_member_team_id_foreign\` foreign key (\`team_id\`) references \`team\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`team_member\` add constraint \`team_member_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`message_content\` add constraint \`message_content_from_user_id_foreign\` foreign key (\`from_user_id\`) references \`user\` (\`id\`) on update cascade on delete set null;`);

    this.addSql(`alter table \`message\` add constraint \`message_from_user_id_foreign\` foreign key (\`from_user_id\`) references \`user\` (\`id\`) on update cascade on delete set null;`);
    this.addSql(`alter table \`message\` add constraint \`message_to_user_id_foreign\` foreign key (\`to_user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`message\` add constraint \`message_content_id_foreign\` foreign key (\`content_id\`) references \`message_content\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`item_group\` add constraint \`item_group_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`item\` add constraint \`item_owner_id_foreign\` foreign key (\`owner_id\`) references \`user\` (\`id\`) on update cascade;`);

    this.addSql(`alter table \`template_item\` add constraint \`template_item_template_id_foreign\` foreign key (\`template_id\`) references \`template\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`template_item\` add constraint \`template_item_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`template_item\` add constraint \`template_item_shared_by_id_foreign\` foreign key (\`shared_by_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`team_item_member\` add constraint \`team_item_member_team_id_foreign\` foreign key (\`team_id\`) references \`team\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`team_item_member\` add constraint \`team_item_member_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`team_item_member\` add constraint \`team_item_member_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`team_item\` add constraint \`team_item_team_id_foreign\` foreign key (\`team_id\`) references \`team\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`team_item\` add constraint \`team_item_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`item_visit_grant\` add constraint \`item_visit_grant_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`item_top\` add constraint \`item_top_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`item_top\` add constraint \`item_top_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`item_star\` add constraint \`item_star_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`item_star\` add constraint \`item_star_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`item_sort\` add constraint \`item_sort_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`item_sort\` add constraint \`item_sort_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`item_member\` add constraint \`item_member_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`item_member\` add constraint \`item_member_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`item_group_item\` add constraint \`item_group_item_group_id_foreign\` foreign key (\`group_id\`) references \`item_group\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`item_group_item\` add constraint \`item_group_item_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`item_change_log\` add constraint \`item_change_log_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`item_change_log\` add constraint \`item_change_log_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete set null;`);

    this.addSql(`alter table \`item_api_key\` add constraint \`item_api_key_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`catalog\` add constraint \`catalog_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`catalog\` add constraint \`catalog_parent_id_foreign\` foreign key (\`parent_id\`) references \`catalog\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`team_item_member_catalog\` add constraint \`team_item_member_catalog_team_item_member_id_foreign\` foreign key (\`team_item_member_id\`) references \`team_item_member\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`team_item_member_catalog\` add constraint \`team_item_member_catalog_catalog_id_foreign\` foreign key (\`catalog_id\`) references \`catalog\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`page\` add constraint \`page_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`page\` add constraint \`page_catalog_id_foreign\` foreign key (\`catalog_id\`) references \`catalog\` (\`id\`) on update cascade on delete set null;`);
    this.addSql(`alter table \`page\` add constraint \`page_author_id_foreign\` foreign key (\`author_id\`) references \`user\` (\`id\`) on update cascade on delete set null;`);

    this.addSql(`alter table \`subscription\` add constraint \`subscription_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`subscription\` add constraint \`subscription_page_id_foreign\` foreign key (\`page_id\`) references \`page\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`single_page_link\` add constraint \`single_page_link_page_id_foreign\` foreign key (\`page_id\`) references \`page\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`recycle_entry\` add constraint \`recycle_entry_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`recycle_entry\` add constraint \`recycle_entry_page_id_foreign\` foreign key (\`page_id\`) references \`page\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`recycle_entry\` add constraint \`recycle_entry_deleted_by_id_foreign\` foreign key (\`deleted_by_id\`) references \`user\` (\`id\`) on update cascade on delete set null;`);

    this.addSql(`alter table \`page_search_gram\` add constraint \`page_search_gram_page_id_foreign\` foreign key (\`page_id\`) references \`page\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`page_lock\` add constraint \`page_lock_page_id_foreign\` foreign key (\`page_id\`) references \`page\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`page_lock\` add constraint \`page_lock_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`page_history\` add constraint \`page_history_page_id_foreign\` foreign key (\`page_id\`) references \`page\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`page_history\` add constraint \`page_history_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`page_history\` add constraint \`page_history_author_id_foreign\` foreign key (\`author_id\`) references \`user\` (\`id\`) on update cascade on delete set null;`);

    this.addSql(`alter table \`mock\` add constraint \`mock_page_id_foreign\` foreign key (\`page_id\`) references \`page\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`mock\` add constraint \`mock_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`mock\` add constraint \`mock_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`item_member_catalog\` add constraint \`item_member_catalog_item_member_id_foreign\` foreign key (\`item_member_id\`) references \`item_member\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`item_member_catalog\` add constraint \`item_member_catalog_catalog_id_foreign\` foreign key (\`catalog_id\`) references \`catalog\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`file_flow\` add constraint \`file_flow_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`export_log\` add constraint \`export_log_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`export_log\` add constraint \`export_log_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`attachment\` add constraint \`attachment_uploader_id_foreign\` foreign key (\`uploader_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`attachment\` add constraint \`attachment_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete set null;`);

    this.addSql(`alter table \`attachment_page\` add constraint \`attachment_page_attachment_id_foreign\` foreign key (\`attachment_id\`) references \`attachment\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`attachment_page\` add constraint \`attachment_page_item_id_foreign\` foreign key (\`item_id\`) references \`item\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`attachment_page\` add constraint \`attachment_page_page_id_foreign\` foreign key (\`page_id\`) references \`page\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`user_token\` add constraint \`user_token_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`template\` drop foreign key \`template_owner_id_foreign\`;`);

    this.addSql(`alter table \`team\` drop foreign key \`team_owner_id_foreign\`;`);

    this.addSql(`alter table \`team_member\` drop foreign key \`team_member_user_id_foreign\`;`);

    this.addSql(`alter table \`message_content\` drop foreign key \`message_content_from_user_id_foreign\`;`);

    this.addSql(`alter table \`message\` drop foreign key \`message_from_user_id_foreign\`;`);

    this.addSql(`alter table \`message\` drop foreign key \`message_to_user_id_foreign\`;`);

    this.addSql(`alter table \`item_group\` drop foreign key \`item_group_user_id_foreign\`;`);

    this.addSql(`alter table \`item\` drop foreign key \`item_owner_id_foreign\`;`);

    this.addSql(`alter table \`template_item\` drop foreign key \`template_item_shared_by_id_foreign\`;`);

    this.addSql(`alter table \`team_item_member\` drop foreign key \`team_item_member_user_id_foreign\`;`);

    this.addSql(`alter table \`item_top\` drop foreign key \`item_top_user_id_foreign\`;`);

    this.addSql(`alter table \`item_star\` drop foreign key \`item_star_user_id_foreign\`;`);

    this.addSql(`alter table \`item_sort\` drop foreign key \`item_sort_user_id_foreign\`;`);

    this.addSql(`alter table \`item_member\` drop foreign key \`item_member_user_id_foreign\`;`);

    this.addSql(`alter table \`item_change_log\` drop foreign key \`item_change_log_user_id_foreign\`;`);

    this.addSql(`alter table \`page\` drop foreign key \`page_author_id_foreign\`;`);

    this.addSql(`alter table \`subscription\` drop foreign key \`subscription_user_id_foreign\`;`);

    this.addSql(`alter table \`recycle_entry\` drop foreign key \`recycle_entry_deleted_by_id_foreign\`;`);

    this.addSql(`alter table \`page_lock\` drop foreign key \`page_lock_user_id_foreign\`;`);

    this.addSql(`alter table \`page_history\` drop foreign key \`page_history_author_id_foreign\`;`);

    this.addSql(`alter table \`mock\` drop foreign key \`mock_user_id_foreign\`;`);

    this.addSql(`alter table \`file_flow\` drop foreign key \`file_flow_user_id_foreign\`;`);

    this.addSql(`alter table \`export_log\` drop foreign key \`export_log_user_id_foreign\`;`);

    this.addSql(`alter table \`attachment\` drop foreign key \`attachment_uploader_id_foreign\`;`);

    this.addSql(`alter table \`user_token\` drop foreign key \`user_token_user_id_foreign\`;`);

    this.addSql(`alter table \`template_item\` drop foreign key \`template_item_template_id_foreign\`;`);

    this.addSql(`alter table \`team_member\` drop foreign key \`team_member_team_id_foreign\`;`);

    this.addSql(`alter table \`team_item_member\` drop foreign key \`team_item_member_team_id_foreign\`;`);

    this.addSql(`alter table \`team_item\` drop foreign key \`team_item_team_id_foreign\`;`);

    this.addSql(`alter table \`message\` drop foreign key \`message_content_id_foreign\`;`);

    this.addSql(`alter table \`item_group_item\` drop foreign key \`item_group_item_group_id_foreign\`;`);

    this.addSql(`alter table \`template_item\` drop foreign key \`template_item_item_id_foreign\`;`);

    this.addSql(`alter table \`team_item_member\` drop foreign key \`team_item_member_item_id_foreign\`;`);

    this.addSql(`alter table \`team_item\` drop foreign key \`team_item_item_id_foreign\`;`);

    this.addSql(`alter table \`item_visit_grant\` drop foreign key \`item_visit_grant_item_id_foreign\`;`);

    this.addSql(`alter table \`item_top\` drop foreign key \`item_top_item_id_foreign\`;`);

    this.addSql(`alter table \`item_star\` drop foreign key \`item_star_item_id_foreign\`;`);

    this.addSql(`alter table \`item_sort\` drop foreign key \`item_sort_item_id_foreign\`;`);

    this.addSql(`alter table \`item_member\` drop foreign key \`item_member_item_id_foreign\`;`);

    this.addSql(`alter table \`item_group_item\` drop foreign key \`item_group_item_item_id_foreign\`;`);

    this.addSql(`alter table \`item_change_log\` drop foreign key \`item_change_log_item_id_foreign\`;`);

    this.addSql(`alter table \`item_api_key\` drop foreign key \`item_api_key_item_id_foreign\`;`);

    this.addSql(`alter table \`catalog\` drop foreign key \`catalog_item_id_foreign\`;`);

    this.addSql(`alter table \`page\` drop foreign key \`page_item_id_foreign\`;`);

    this.addSql(`alter table \`recycle_entry\` drop foreign key \`recycle_entry_item_id_foreign\`;`);

    this.addSql(`alter table \`page_history\` drop foreign key \`page_history_item_id_foreign\`;`);

    this.addSql(`alter table \`mock\` drop foreign key \`mock_item_id_foreign\`;`);

    this.addSql(`alter table \`export_log\` drop foreign key \`export_log_item_id_foreign\`;`);

    this.addSql(`alter table \`attachment\` drop foreign key \`attachment_item_id_foreign\`;`);

    this.addSql(`alter table \`attachment_page\` drop foreign key \`attachment_page_item_id_foreign\`;`);

    this.addSql(`alter table \`team_item_member_catalog\` drop foreign key \`team_item_member_catalog_team_item_member_id_foreign\`;`);

    this.addSql(`alter table \`item_member_catalog\` drop foreign key \`item_member_catalog_item_member_id_foreign\`;`);

    this.addSql(`alter table \`catalog\` drop foreign key \`catalog_parent_id_foreign\`;`);

    this.addSql(`alter table \`team_item_member_catalog\` drop foreign key \`team_item_member_catalog_catalog_id_foreign\`;`);

    this.addSql(`alter table \`page\` drop foreign key \`page_catalog_id_foreign\`;`);

    this.addSql(`alter table \`item_member_catalog\` drop foreign key \`item_member_catalog_catalog_id_foreign\`;`);

    this.addSql(`alter table \`subscription\` drop foreign key \`subscription_page_id_foreign\`;`);

    this.addSql(`alter table \`single_page_link\` drop foreign key \`single_page_link_page_id_foreign\`;`);

    this.addSql(`alter table \`recycle_entry\` drop foreign key \`recycle_entry_page_id_foreign\`;`);

    this.addSql(`alter table \`page_search_gram\` drop foreign key \`page_search_gram_page_id_foreign\`;`);

    this.addSql(`alter table \`page_lock\` drop foreign key \`page_lock_page_id_foreign\`;`);

    this.addSql(`alter table \`page_history\` drop foreign key \`page_history_page_id_foreign\`;`);

    this.addSql(`alter table \`mock\` drop foreign key \`mock_page_id_foreign\`;`);

    this.addSql(`alter table \`attachment_page\` drop foreign key \`attachment_page_page_id_foreign\`;`);

    this.addSql(`alter table \`attachment_page\` drop foreign key \`attachment_page_attachment_id_foreign\`;`);

    this.addSql(`drop table if exists \`captcha\`;`);

    this.addSql(`drop table if exists \`login_failure\`;`);

    this.addSql(`drop table if exists \`site_option\`;`);

    this.addSql(`drop table if exists \`user\`;`);

    this.addSql(`drop table if exists \`template\`;`);

    this.addSql(`drop table if exists \`team\`;`);

    this.addSql(`drop table if exists \`team_member\`;`);

    this.addSql(`drop table if exists \`message_content\`;`);

    this.addSql(`drop table if exists \`message\`;`);

    this.addSql(`drop table if exists \`item_group\`;`);

    this.addSql(`drop table if exists \`item\`;`);

    this.addSql(`drop table if exists \`template_item\`;`);

    this.addSql(`drop table if exists \`team_item_member\`;`);

    this.addSql(`drop table if exists \`team_item\`;`);

    this.addSql(`drop table if exists \`item_visit_grant\`;`);

    this.addSql(`drop table if exists \`item_top\`;`);

    this.addSql(`drop table if exists \`item_star\`;`);

    this.addSql(`drop table if exists \`item_sort\`;`);

    this.addSql(`drop table if exists \`item_member\`;`);

    this.addSql(`drop table if exists \`item_group_item\`;`);

    this.addSql(`drop table if exists \`item_change_log\`;`);

    this.addSql(`drop table if exists \`item_api_key\`;`);

    this.addSql(`drop table if exists \`catalog\`;`);

    this.addSql(`drop table if exists \`team_item_member_catalog\`;`);

    this.addSql(`drop table if exists \`page\`;`);

    this.addSql(`drop table if exists \`subscription\`;`);

    this.addSql(`drop table if exists \`single_page_link\`;`);

    this.addSql(`drop table if exists \`recycle_entry\`;`);

    this.addSql(`drop table if exists \`page_search_gram\`;`);

    this.addSql(`drop table if exists \`page_lock\`;`);

    this.addSql(`drop table if exists \`page_history\`;`);

    this.addSql(`drop table if exists \`mock\`;`);

    this.addSql(`drop table if exists \`item_member_catalog\`;`);

    this.addSql(`drop table if exists \`file_flow\`;`);

    this.addSql(`drop table if exists \`export_log\`;`);

    this.addSql(`drop table if exists \`attachment\`;`);

    this.addSql(`drop table if exists \`attachment_page\`;`);

    this.addSql(`drop table if exists \`user_token\`;`);
  }

}
