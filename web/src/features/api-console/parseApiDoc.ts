/**
 * An API document page as the editor's API template writes it (zh and en): `##### 请求URL` / `##### URL`
 * with the URL in backticks, `##### 请求方式` / `##### Method`, a parameter table under `##### 参数` /
 * `##### Parameters`, and optional header and body sections. Pages that are not API documents give null.
 */
export interface ApiParam {
  name: string;
  required: boolean;
  type: string;
  description: string;
}

export interface ApiDoc {
  method: string;
  url: string;
  headers: ApiParam[];
  params: ApiParam[];
  /** A JSON request example, when the page has one under a request-body heading. */
  body: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const URL_HEADINGS = /^(请求\s*url|请求地址|接口地址|url|request url|endpoint)$/i;
const METHOD_HEADINGS = /^(请求方式|请求方法|method|request method|http method)$/i;
const PARAM_HEADINGS = /^(参数|请求参数|parameters|request parameters|params|query|query parameters)$/i;
const HEADER_HEADINGS = /^(header|headers|请求头|请求header|request headers)$/i;
const BODY_HEADINGS = /^(请求示例|请求体|请求体示例|request body|request example|body)$/i;

/** The page's sections: heading text (without #) → the lines below it, up to the next heading. */
function sections(markdown: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      current = [];
      const title = heading[1]!.replace(/[*_`:：]/g, '').trim();
      if (!out.has(title)) out.set(title, current);
      continue;
    }
    current?.push(line);
  }
  return out;
}

function find(all: Map<string, string[]>, pattern: RegExp): string[] | null {
  for (const [title, lines] of all) if (pattern.test(title)) return lines;
  return null;
}

const YES = /^(是|必选|必填|yes|y|true|required|1)$/i;

/** The rows of the first markdown table in `lines`: name, required, type, description. */
function tableRows(lines: string[] | null): ApiParam[] {
  if (!lines) return [];
  const rows: ApiParam[] = [];
  let seenSeparator = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line.startsWith('|')) {
      if (seenSeparator && rows.length) break;
      continue;
    }
    const cells = line
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => c.trim());
    if (cells.every((c) => /^:?-{2,}:?$/.test(c.replace(/\s/g, '')) || c === '')) {
      seenSeparator = true;
      continue;
    }
    if (!seenSeparator) continue; // the header row
    const [name = '', required = '', type = '', ...rest] = cells;
    const clean = name.replace(/[`*]/g, '').trim();
    if (clean) rows.push({ name: clean, required: YES.test(required), type, description: rest.join(' | ') });
  }
  return rows;
}

export function parseApiDoc(markdown: string): ApiDoc | null {
  const all = sections(markdown);
  const urlLines = find(all, URL_HEADINGS);
  const urlText = urlLines?.join('\n') ?? '';
  const url = (
    /`\s*([^`\s]+)\s*`/.exec(urlText)?.[1] ??
    /(https?:\/\/\S+|\/\S+)/.exec(urlText)?.[1] ??
    ''
  ).trim();
  if (!url) return null;
  const methodText = (find(all, METHOD_HEADINGS) ?? []).join(' ').toUpperCase();
  const method = METHODS.find((m) => new RegExp(`\\b${m}\\b`).test(methodText)) ?? 'GET';
  const bodyLines = find(all, BODY_HEADINGS);
  const fenced = bodyLines ? /```[a-z]*\n([\s\S]*?)```/i.exec(bodyLines.join('\n'))?.[1] : undefined;
  return {
    method,
    url,
    headers: tableRows(find(all, HEADER_HEADINGS)),
    params: tableRows(find(all, PARAM_HEADINGS)),
    body: fenced?.trim() ?? '',
  };
}

/** `{{name}}` placeholders replaced by an environment's variables (unknown names stay as written). */
export function substitute(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(variables, name) ? variables[name]! : whole,
  );
}

/** `name=value` (or `name: value`) lines; blank lines and `#` comments are skipped. */
export function parsePairs(text: string, separator: RegExp = /[=:]/): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const at = trimmed.search(separator);
    if (at <= 0) continue;
    pairs.push([trimmed.slice(0, at).trim(), trimmed.slice(at + 1).trim()]);
  }
  return pairs;
}

/** The request URL: relative URLs go under the environment's base URL; query pairs are appended. */
export function buildUrl(url: string, baseUrl: string, query: Array<[string, string]>): string {
  let full = url.trim();
  if (!/^https?:\/\//i.test(full) && baseUrl.trim()) {
    full = baseUrl.trim().replace(/\/+$/, '') + '/' + full.replace(/^\/+/, '');
  } else if (baseUrl.trim() && /^https?:\/\/xx\.com\b/i.test(full)) {
    // The template's placeholder host: the environment's base URL replaces it.
    full = baseUrl.trim().replace(/\/+$/, '') + full.replace(/^https?:\/\/xx\.com/i, '');
  }
  if (!query.length) return full;
  const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return full + (full.includes('?') ? '&' : '?') + search;
}

/** A body shown formatted: JSON indented, anything else as it came. */
export function formatBody(body: string, contentType: string): string {
  if (/json/i.test(contentType) || /^\s*[[{]/.test(body)) {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  }
  return body;
}
