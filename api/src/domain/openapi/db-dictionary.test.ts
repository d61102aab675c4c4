import { describe, expect, it } from '@jest/globals';
import { dbTableMarkdown, parseDbDump } from './db-dictionary';

const dump = {
  tableInfo:
    'TABLE_NAME\tTABLE_COMMENT\tENGINE\tTABLE_COLLATION\nuser\tUsers _this_and_change_ roles\tInnoDB\tutf8mb4_general_ci\n',
  tableDetail: [
    'TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT',
    'user\tid\t\tNO\tint(11)\tPrimary key',
    'user\tname\tx|y\tYES\tvarchar(64)\t',
    'log\tat\tNULL\tNO\tdatetime\tWhen',
  ].join('\n'),
  tableIndex: [
    'TABLE_NAME\tINDEX_NAME\tCOLUMN_NAME\tSEQ_IN_INDEX\tNON_UNIQUE\tINDEX_TYPE\tINDEX_COMMENT',
    'user\tname_id\tid\t2\t1\tBTREE\t',
    'user\tPRIMARY\tid\t1\t0\tBTREE\t',
    'user\tname_id\tname\t1\t1\tBTREE\tlookup',
  ].join('\n'),
};

describe('database dictionary of showdoc_db.sh', () => {
  it('reads tables, columns and multi-column indexes from the tab-separated dumps', () => {
    const tables = parseDbDump(dump);
    expect(tables.map((t) => t.name)).toEqual(['user', 'log']);
    const [user] = tables;
    expect([user!.comment, user!.engine, user!.collation]).toEqual([
      'Users & roles',
      'InnoDB',
      'utf8mb4_general_ci',
    ]);
    expect(user!.columns.map((c) => [c.name, c.comment])).toEqual([
      ['id', 'Primary key'],
      ['name', '无'],
    ]);
    expect(user!.indexes.map((i) => [i.name, i.unique, i.columns])).toEqual([
      ['PRIMARY', true, ['id']],
      ['name_id', false, ['name', 'id']],
    ]);
  });

  it('writes one markdown page per table', () => {
    const [user, log] = parseDbDump(dump);
    const markdown = dbTableMarkdown(user!);
    expect(markdown).toContain('- Users & roles\n\n## 字段说明\n\n|字段|类型|允许空|默认|注释|');
    expect(markdown).toContain('|name|varchar(64)|YES|x\\|y|无|');
    expect(markdown).toContain('|name_id|BTREE|否|name,id|lookup|');
    expect(markdown).toContain('- 引擎：InnoDB\n- 字符集排序规则：utf8mb4_general_ci\n');
    expect(dbTableMarkdown(log!)).not.toContain('## 索引说明');
    expect(dbTableMarkdown(log!)).not.toContain('## 表基本信息');
  });
});
