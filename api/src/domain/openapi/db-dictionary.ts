/**
 * The database dictionary of ShowDoc's `showdoc_db.sh` (compat-api §18.2): tab-separated dumps of
 * information_schema, one line per table, column or index column, each dump starting with a header line.
 * Each table becomes one markdown page.
 */
export interface DbColumn {
  name: string;
  type: string;
  nullable: string;
  defaultValue: string;
  comment: string;
}

export interface DbIndex {
  name: string;
  type: string;
  unique: boolean;
  columns: string[];
  comment: string;
}

export interface DbTable {
  name: string;
  comment: string;
  engine: string;
  collation: string;
  columns: DbColumn[];
  indexes: DbIndex[];
}

export interface DbDump {
  tableInfo: string;
  tableDetail: string;
  tableIndex: string;
}

/** The script cannot send `&` in a form value unescaped: it sends this instead. */
const AMPERSAND = '_this_and_change_';

/** Data lines of one dump as tab-separated fields: header dropped, blank lines skipped. */
function rows(dump: string): string[][] {
  return dump
    .replaceAll(AMPERSAND, '&')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t').map((field) => field.trim()));
}

/** Tables in the order the dumps name them; a table named only by its columns still gets a page. */
export function parseDbDump(dump: DbDump): DbTable[] {
  const tables = new Map<string, DbTable>();
  const table = (name: string): DbTable => {
    let found = tables.get(name);
    if (!found) {
      found = { name, comment: '', engine: '', collation: '', columns: [], indexes: [] };
      tables.set(name, found);
    }
    return found;
  };
  for (const [name = '', comment = '', engine = '', collation = ''] of rows(dump.tableInfo)) {
    if (name) Object.assign(table(name), { comment, engine, collation });
  }
  for (const [tableName = '', column = '', defaultValue = '', nullable = '', type = '', comment = ''] of rows(
    dump.tableDetail,
  )) {
    if (!tableName || !column) continue;
    table(tableName).columns.push({ name: column, type, nullable, defaultValue, comment: comment || '无' });
  }
  const indexRows = rows(dump.tableIndex)
    .filter(([tableName, index, column]) => tableName && index && column)
    .sort((a, b) => Number(a[3] ?? 0) - Number(b[3] ?? 0));
  for (const [
    tableName = '',
    index = '',
    column = '',
    ,
    nonUnique = '1',
    type = '',
    comment = '',
  ] of indexRows) {
    const entry = table(tableName);
    const existing = entry.indexes.find((i) => i.name === index);
    if (existing) existing.columns.push(column);
    else entry.indexes.push({ name: index, type, unique: nonUnique === '0', columns: [column], comment });
  }
  return [...tables.values()];
}

/** Markdown cells cannot hold a pipe or a line break. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export function dbTableMarkdown(table: DbTable): string {
  const lines = [
    `- ${cell(table.comment)}`,
    '',
    '## 字段说明',
    '',
    '|字段|类型|允许空|默认|注释|',
    '|:---|:---|:---|:---|:---|',
  ];
  for (const c of table.columns) {
    lines.push(
      `|${cell(c.name)}|${cell(c.type)}|${cell(c.nullable)}|${cell(c.defaultValue)}|${cell(c.comment)}|`,
    );
  }
  if (table.indexes.length) {
    lines.push('', '## 索引说明', '', '|索引名|类型|唯一|字段|注释|', '|:---|:---|:---|:---|:---|');
    for (const i of table.indexes) {
      lines.push(
        `|${cell(i.name)}|${cell(i.type)}|${i.unique ? '是' : '否'}|${cell(i.columns.join(','))}|${cell(i.comment)}|`,
      );
    }
  }
  if (table.engine || table.collation) {
    lines.push('', '## 表基本信息', '', `- 引擎：${table.engine}`, `- 字符集排序规则：${table.collation}`);
  }
  return `${lines.join('\n')}\n`;
}
