import type { Parser } from 'node-sql-parser';
import { DomainError, type Language } from '../errors';
import type { Viewer } from '../viewer';
import { sharedPool } from '../workers/worker-pool';
import { SqlParsePool } from './sql-to-markdown.worker';

/** The most SQL one conversion accepts (issue #15): a dump of a few hundred tables. */
export const SQL_MAX_BYTES = 256 * 1024;

const parsers = sharedPool(() => new SqlParsePool());

/** Stops the parser workers (a later conversion starts new ones). */
export const closeSqlParsePool = (): Promise<void> => parsers.close();

/**
 * sqlToMarkdownTable as both doors offer it: for signed-in users, at most SQL_MAX_BYTES, parsed off the
 * event loop within the pool's time budget (SqlTooComplex beyond it).
 */
export async function convertSqlToMarkdown(
  viewer: Viewer,
  sql: string,
  /** The table's words: ShowDoc's Chinese on the REST door (its clients expect it), the reader's on GraphQL. */
  language: Language = 'zh',
  pool: SqlParsePool = parsers.get(),
): Promise<string> {
  viewer.requireUserId();
  if (!sql.trim()) throw new DomainError('SqlRequired');
  if (Buffer.byteLength(sql, 'utf8') > SQL_MAX_BYTES) throw new DomainError('SqlTooLarge');
  const statements = await pool.parse(sql, splitStatements(sql));
  await loadParser();
  const tables = createTablesOf(statements);
  if (!tables.length) throw new DomainError('SqlUnparsable');
  return tables.map((table) => renderTable(table, language)).join('');
}

/**
 * CREATE TABLE statements (MySQL syntax) as markdown tables with the column comments, in ShowDoc's
 * format (compat-api §5.12): for each table
 *
 *   \n- <table> <table comment>\n\n| 字段 | 类型 | 允许空 | 默认 | 说明 |\n| --- | ... |\n| <row> |\n...\n
 *
 * Other statements of a dump (DROP, SET, LOCK...) are skipped; several tables give several blocks.
 */
export async function sqlToMarkdownTable(sql: string, language: Language = 'zh'): Promise<string> {
  if (!sql.trim()) throw new DomainError('SqlRequired');
  await loadParser();
  const tables = parseCreateTables(sql);
  if (!tables.length) throw new DomainError('SqlUnparsable');
  return tables.map((table) => renderTable(table, language)).join('');
}

export interface ColumnDoc {
  name: string;
  type: string;
  nullable: boolean;
  defaultValue: string;
  comment: string;
}

export interface TableDoc {
  name: string;
  comment: string;
  columns: ColumnDoc[];
}

const WORDS: Record<Language, { header: string[]; yes: string; no: string }> = {
  zh: { header: ['字段', '类型', '允许空', '默认', '说明'], yes: '是', no: '否' },
  en: { header: ['Field', 'Type', 'Nullable', 'Default', 'Description'], yes: 'Yes', no: 'No' },
};

function renderTable(table: TableDoc, language: Language): string {
  const words = WORDS[language];
  const header = `${row(words.header)}| --- | --- | --- | --- | --- |\n`;
  const rows = table.columns.map((c) =>
    row([c.name, c.type, c.nullable ? words.yes : words.no, c.defaultValue, c.comment || '-']),
  );
  return `\n- ${cell(table.name)} ${cell(table.comment)}\n\n${header}${rows.join('')}\n`;
}

function row(cells: string[]): string {
  return `| ${cells.map(cell).join(' | ')} |\n`;
}

/** A pipe or a line break inside a value would break the table. */
function cell(text: string): string {
  return text.replace(/\r?\n|\r/g, ' ').replace(/\|/g, '\\|');
}

// node-sql-parser is a 2.5 MB bundle: loaded at the first SQL conversion, not at server start.
let parser: Parser | undefined;
let parserLoading: Promise<Parser> | undefined;
function loadParser(): Promise<Parser> {
  parserLoading ??= import('node-sql-parser').then((module) => (parser = new module.default.Parser()));
  return parserLoading;
}
/** The parser, once loadParser() resolved (every caller below runs after it). */
function sqlParser(): Parser {
  if (!parser) throw new Error('node-sql-parser is not loaded yet');
  return parser;
}

const MYSQL = { database: 'MySQL' };

export function parseCreateTables(sql: string): TableDoc[] {
  let statements: unknown[];
  try {
    statements = asList(sqlParser().astify(sql, MYSQL));
  } catch {
    // One statement the parser does not know (a vendor comment, an odd SET) should not hide the
    // tables: parse statement by statement and keep what parses.
    statements = splitStatements(sql).flatMap((statement) => {
      try {
        return asList(sqlParser().astify(statement, MYSQL));
      } catch {
        return [];
      }
    });
  }
  return createTablesOf(statements);
}

function createTablesOf(statements: unknown[]): TableDoc[] {
  return statements.map(tableOf).filter((t): t is TableDoc => t !== null && t.columns.length > 0);
}

function asList(ast: unknown): unknown[] {
  return Array.isArray(ast) ? ast : [ast];
}

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tableOf(statement: unknown): TableDoc | null {
  if (!isNode(statement) || statement.type !== 'create' || statement.keyword !== 'table') return null;
  const target = Array.isArray(statement.table) ? statement.table[0] : statement.table;
  const name = isNode(target) && typeof target.table === 'string' ? target.table : '';
  const definitions = Array.isArray(statement.create_definitions) ? statement.create_definitions : [];
  const columns = definitions.filter(isNode).flatMap((d) => (d.resource === 'column' ? [columnOf(d)] : []));
  let comment = '';
  for (const option of Array.isArray(statement.table_options) ? statement.table_options : []) {
    if (isNode(option) && String(option.keyword).toLowerCase() === 'comment') comment = unquote(option.value);
  }
  return { name, comment, columns };
}

function columnOf(definition: Node): ColumnDoc {
  const column = isNode(definition.column) ? definition.column : {};
  const name = typeof column.column === 'string' ? column.column : exprText(column.column);
  const dataType = isNode(definition.definition) ? definition.definition : {};
  const nullable = isNode(definition.nullable) ? definition.nullable.type !== 'not null' : true;
  const defaultValue = isNode(definition.default_val) ? valueText(definition.default_val.value) : '';
  const comment =
    isNode(definition.comment) && isNode(definition.comment.value) ? valueText(definition.comment.value) : '';
  return {
    name,
    type: typeText(dataType),
    // A primary key cannot hold NULL even when the statement does not say NOT NULL.
    nullable: nullable && !definition.primary_key,
    defaultValue,
    comment,
  };
}

/** `int (11)`, `decimal (10,2)`, `enum ('a','b')`, `text`: ShowDoc's spelling. */
function typeText(definition: Node): string {
  const type = String(definition.dataType ?? '').toLowerCase();
  if (typeof definition.length === 'number') {
    const scale = typeof definition.scale === 'number' ? `,${definition.scale}` : '';
    return `${type} (${definition.length}${scale})`;
  }
  if (isNode(definition.expr) && Array.isArray(definition.expr.value)) {
    const values = definition.expr.value.map((v) => `'${valueText(v).replace(/'/g, "''")}'`);
    return `${type} (${values.join(',')})`;
  }
  return type;
}

function valueText(value: unknown): string {
  if (!isNode(value)) return value === null || value === undefined ? '' : String(value);
  switch (value.type) {
    case 'single_quote_string':
    case 'double_quote_string':
    case 'string':
    case 'natural_string':
      return unescapeSql(String(value.value ?? ''));
    case 'null':
      return 'NULL';
    case 'number':
      return String(value.value);
    case 'bool':
      return value.value ? 'TRUE' : 'FALSE';
    default:
      return exprText(value);
  }
}

function exprText(expr: unknown): string {
  try {
    return sqlParser().exprToSQL(expr, MYSQL);
  } catch {
    return '';
  }
}

/** The table comment arrives with its quotes: `'用户表'`. */
function unquote(value: unknown): string {
  const text = isNode(value) ? valueText(value) : String(value ?? '');
  const quoted = /^(['"])([\s\S]*)\1$/.exec(text.trim());
  return quoted ? unescapeSql(quoted[2]!) : text;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', Z: '\x1a' };

/** MySQL string escapes: doubled quotes and backslash sequences. */
function unescapeSql(text: string): string {
  return text.replace(/''|""|\\([\s\S])/g, (match, escaped: string | undefined) =>
    escaped === undefined ? match[0]! : (ESCAPES[escaped] ?? escaped),
  );
}

/**
 * Splits a script on the semicolons that end statements, not those inside quotes or comments. Only
 * used when the whole script does not parse, to find the statements that do.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === "'" || ch === '"' || ch === '`') {
      i++;
      while (i < sql.length && sql[i] !== ch) i += sql[i] === '\\' && ch !== '`' ? 2 : 1;
      i++;
    } else if ((ch === '-' && next === '-') || ch === '#') {
      while (i < sql.length && sql[i] !== '\n') i++;
    } else if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (ch === ';') {
      statements.push(sql.slice(start, i));
      start = ++i;
    } else i++;
  }
  statements.push(sql.slice(start));
  return statements.filter((s) => s.trim());
}
