import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../errors';
import { splitStatements, sqlToMarkdownTable } from './sql-to-markdown';

const HEADER = '| 字段 | 类型 | 允许空 | 默认 | 说明 |\n| --- | --- | --- | --- | --- |\n';

async function codeOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (err) {
    return err instanceof DomainError ? err.codeName : 'not a domain error';
  }
}

describe('sqlToMarkdownTable', () => {
  it("renders a MySQL CREATE TABLE in ShowDoc's format", async () => {
    const sql = [
      'CREATE TABLE `user` (',
      "  `id` int(11) unsigned NOT NULL AUTO_INCREMENT COMMENT '用户ID',",
      "  `name` varchar(64) NOT NULL DEFAULT '' COMMENT '名字',",
      '  `score` decimal(10,2) DEFAULT NULL,',
      '  `created` datetime DEFAULT CURRENT_TIMESTAMP,',
      "  `state` enum('on','off') DEFAULT 'on' COMMENT 'it''s | piped',",
      '  `flag` tinyint(1) NOT NULL DEFAULT 0,',
      '  PRIMARY KEY (`id`),',
      '  KEY `idx_name` (`name`)',
      ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='用户表';",
    ].join('\n');
    expect(await sqlToMarkdownTable(sql)).toBe(
      '\n- user 用户表\n\n' +
        HEADER +
        '| id | int (11) | 否 |  | 用户ID |\n' +
        '| name | varchar (64) | 否 |  | 名字 |\n' +
        '| score | decimal (10,2) | 是 | NULL | - |\n' +
        '| created | datetime | 是 | CURRENT_TIMESTAMP | - |\n' +
        "| state | enum ('on','off') | 是 | on | it's \\| piped |\n" +
        '| flag | tinyint (1) | 否 | 0 | - |\n' +
        '\n',
    );
  });

  it('renders every table of a dump and skips the other statements', async () => {
    const sql = [
      '-- MySQL dump 10.13',
      '/*!40101 SET NAMES utf8mb4 */;',
      'DROP TABLE IF EXISTS `a`;',
      "CREATE TABLE `a` (`x` int NOT NULL COMMENT 'semi;colon') COMMENT='A';",
      'LOCK TABLES `a` WRITE;',
      'UNLOCK TABLES;',
      'create table if not exists b (y text, id int primary key);',
    ].join('\n');
    expect(await sqlToMarkdownTable(sql)).toBe(
      '\n- a A\n\n' +
        HEADER +
        '| x | int | 否 |  | semi;colon |\n\n' +
        '\n- b \n\n' +
        HEADER +
        '| y | text | 是 |  | - |\n' +
        '| id | int | 否 |  | - |\n\n',
    );
  });

  it('finds the tables even when another statement does not parse', async () => {
    const sql = "THIS IS NOT SQL; CREATE TABLE t (c int COMMENT 'ok');";
    expect(await sqlToMarkdownTable(sql)).toContain('| c | int | 是 |  | ok |');
    expect(await sqlToMarkdownTable(sql, 'en')).toContain('| c | int | Yes |  | ok |');
  });

  it('refuses empty and non-CREATE TABLE input with clear errors', async () => {
    expect(await codeOf(() => sqlToMarkdownTable(''))).toBe('SqlRequired');
    expect(await codeOf(() => sqlToMarkdownTable('   \n'))).toBe('SqlRequired');
    expect(await codeOf(() => sqlToMarkdownTable('select 1'))).toBe('SqlUnparsable');
    expect(await codeOf(() => sqlToMarkdownTable('hello world'))).toBe('SqlUnparsable');
    expect(await codeOf(() => sqlToMarkdownTable('CREATE TABLE t2 LIKE t1'))).toBe('SqlUnparsable');
  });

  it('splits statements on semicolons outside quotes and comments', () => {
    expect(splitStatements('a \';\' b; c "x;y" -- d;\n; /* e; */ f')).toEqual([
      "a ';' b",
      ' c "x;y" -- d;\n',
      ' /* e; */ f',
    ]);
  });
});
