// Reading an API description out of a page: RunApi JSON (compat-notes §8), or the Markdown that the
// editor's API template, ShowDoc's imports and `open/fromComments` write (Chinese or English headings).
import type { RunApiParam } from '../openapi/from-comments';

export interface ApiParam {
  name: string;
  type: string;
  required: boolean;
  description: string;
  example: string;
}

export interface ApiPage {
  method: string;
  url: string;
  description: string;
  headers: ApiParam[];
  query: ApiParam[];
  pathParams: ApiParam[];
  /** Form or JSON body fields. */
  body: ApiParam[];
  /** A JSON request example (mode json). */
  bodyExample: string;
  responseExample: string;
  responseFields: ApiParam[];
  remark: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];

/** The API a page describes, or null for a page that is not an API page. */
export function readApiPage(content: string): ApiPage | null {
  const trimmed = content.trim();
  if (trimmed.startsWith('{')) return readRunApi(trimmed);
  return readMarkdown(content);
}

const fromRunApi = (rows: unknown): ApiParam[] =>
  (Array.isArray(rows) ? (rows as Array<Partial<RunApiParam> & { disable?: unknown }>) : [])
    .filter((r) => r && typeof r.name === 'string' && r.name && !r.disable)
    .map((r) => ({
      name: String(r.name),
      type: String(r.type ?? ''),
      required: String(r.require ?? '') === '1',
      description: String(r.remark ?? ''),
      example: String(r.value ?? ''),
    }));

function readRunApi(text: string): ApiPage | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const doc = json as {
    info?: Record<string, unknown>;
    request?: Record<string, unknown> & { params?: Record<string, unknown> };
    response?: Record<string, unknown>;
  };
  const info = doc.info;
  if (!info || typeof info.url !== 'string') return null;
  const method = String(info.method ?? 'get').toLowerCase();
  if (!METHODS.includes(method)) return null;
  const params = doc.request?.params ?? {};
  const mode = String(params.mode ?? 'formdata');
  const body =
    mode === 'json'
      ? fromRunApi(params.jsonDesc)
      : fromRunApi(params[mode === 'urlencoded' ? 'urlencoded' : 'formdata']);
  return {
    method,
    url: info.url,
    description: String(info.description ?? ''),
    headers: fromRunApi(doc.request?.headers),
    query: fromRunApi(doc.request?.query),
    pathParams: fromRunApi(doc.request?.pathVariable),
    body,
    bodyExample: mode === 'json' ? String(params.json ?? '') : '',
    responseExample: String(doc.response?.responseExample ?? ''),
    responseFields: fromRunApi(doc.response?.responseParamsDesc),
    remark: String(info.remark ?? ''),
  };
}

/** `##### Heading` sections of a Markdown page, by heading text. */
function sections(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = markdown.split(/^#{2,6}\s+(.+?)\s*$/m);
  for (let i = 1; i < parts.length; i += 2) out.set(parts[i]!.trim().toLowerCase(), parts[i + 1] ?? '');
  return out;
}

function pick(map: Map<string, string>, names: string[]): string | undefined {
  for (const name of names) {
    const found = map.get(name.toLowerCase());
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The first list item or inline code of a section (`- \` http://x \``, `- POST`). */
function firstValue(section: string | undefined): string {
  if (!section) return '';
  const line = section.split(/\r?\n/).find((l) => l.trim().replace(/^[-*]\s*/, ''));
  return (line ?? '')
    .trim()
    .replace(/^[-*]\s*/, '')
    .replace(/`/g, '')
    .trim();
}

/** Rows of the first Markdown table in a section, keyed by lower-cased header. */
function table(section: string | undefined): Array<Record<string, string>> {
  if (!section) return [];
  const lines = section.split(/\r?\n/).filter((l) => l.trim().startsWith('|'));
  if (lines.length < 2) return [];
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
  const head = cells(lines[0]!).map((h) => h.toLowerCase());
  return lines
    .slice(2)
    .map((line) => Object.fromEntries(cells(line).map((c, i) => [head[i] ?? String(i), c])));
}

const YES = new Set(['是', 'yes', 'y', 'true', '1', 'required', '必选', '必填']);

function params(section: string | undefined): ApiParam[] {
  return table(section)
    .map((row) => ({
      name: row['参数名'] ?? row['name'] ?? row['字段'] ?? '',
      type: row['类型'] ?? row['type'] ?? '',
      required: YES.has((row['必选'] ?? row['required'] ?? '').toLowerCase()),
      description: row['说明'] ?? row['description'] ?? row['备注'] ?? '',
      example: row['示例值'] ?? row['example'] ?? '',
    }))
    .filter((p) => p.name && !/^:?-+:?$/.test(p.name));
}

/** The body of the first fenced code block of a section. */
function codeBlock(section: string | undefined): string {
  const match = section ? /```[^\n]*\n([\s\S]*?)```/.exec(section) : null;
  return match ? match[1]!.trim() : '';
}

function readMarkdown(markdown: string): ApiPage | null {
  const map = sections(markdown);
  const url = firstValue(pick(map, ['请求URL', 'URL', '请求地址']));
  const method = firstValue(pick(map, ['请求方式', 'Method'])).toLowerCase();
  if (!url || !METHODS.includes(method)) return null;
  const generic = params(pick(map, ['参数', 'Parameters', '请求参数']));
  const query = params(pick(map, ['请求Query参数', 'Query']));
  const body = params(pick(map, ['请求Body参数', 'Body']));
  const jsonFields = params(pick(map, ['json字段说明']));
  // The API template has one parameter table: query for GET-like methods, the body otherwise.
  const bodyless = ['get', 'head', 'delete', 'options'].includes(method);
  return {
    method,
    url,
    description: firstValue(pick(map, ['简要描述', 'Description'])),
    headers: params(pick(map, ['Header', '请求头'])),
    query: [...query, ...(bodyless ? generic : [])],
    pathParams: params(pick(map, ['路径变量'])),
    body: [...body, ...jsonFields, ...(bodyless ? [] : generic)],
    bodyExample: codeBlock(pick(map, ['请求参数示例'])),
    responseExample: codeBlock(pick(map, ['返回示例', '成功返回示例', 'Response example'])),
    responseFields: params(pick(map, ['返回参数说明', '成功返回示例的参数说明', 'Response fields'])),
    remark: firstValue(pick(map, ['备注', 'Notes'])),
  };
}
