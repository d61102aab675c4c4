// ShowDoc-format code comments (compat-api §18.3): doc-comment blocks holding `showdoc` and `@title`,
// turned into RunApi JSON (compat-notes §8), and into Markdown for items that are not RunApi items.

/** One parameter row of RunApi JSON (`require` is '1' or '0', as RunApi writes it). */
export interface RunApiParam {
  name: string;
  type: string;
  value: string;
  require: string;
  remark: string;
}

export interface RunApiDoc {
  info: {
    from: 'runapi';
    type: 'api';
    title: string;
    description: string;
    method: string;
    url: string;
    remark: string;
  };
  request: {
    params: {
      mode: 'formdata' | 'json';
      json: string;
      jsonDesc: RunApiParam[];
      urlencoded: RunApiParam[];
      formdata: RunApiParam[];
    };
    headers: RunApiParam[];
    query: RunApiParam[];
    cookies: RunApiParam[];
    auth: Record<string, never>;
  };
  response: { responseExample: string; responseParamsDesc: RunApiParam[] };
  extend: Record<string, never>;
}

export interface CommentDoc {
  title: string;
  /** Catalog path (`A/B`), '' for the item root. */
  catalogPath: string;
  /** `@number`; undefined: 99 for a new page, unchanged for an existing one. */
  sNumber?: number;
  doc: RunApiDoc;
}

/** Tags whose value may run on over the following lines (examples, prose). */
const MULTILINE_TAGS = new Set(['return', 'json_param', 'description', 'remark']);
/** How many pages one call may write: a source tree is posted file by file by ShowDoc's script. */
export const COMMENT_DOCS_MAX = 500;

/** The documentation blocks of `source`, in order; blocks without `showdoc` and `@title` are skipped. */
export function parseShowdocComments(source: string): CommentDoc[] {
  const docs: CommentDoc[] = [];
  for (const match of source.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const block = match[1] ?? '';
    if (!block.includes('showdoc') || !block.includes('@title')) continue;
    const doc = parseBlock(block);
    if (doc.title) docs.push(doc);
    if (docs.length >= COMMENT_DOCS_MAX) break;
  }
  return docs;
}

/** Lines of a block without their comment decoration (` * `). */
function blockLines(block: string): string[] {
  return block.split(/\r?\n/).map((line) => line.replace(/^\s*\*+ ?/, '').replace(/\s+$/, ''));
}

function parseBlock(block: string): CommentDoc {
  const tags: Array<{ tag: string; value: string }> = [];
  for (const line of blockLines(block)) {
    const tagged = /^\s*@([a-z_]+)\b\s?(.*)$/i.exec(line);
    if (tagged) tags.push({ tag: tagged[1]!.toLowerCase(), value: tagged[2]!.trim() });
    else if (tags.length && MULTILINE_TAGS.has(tags[tags.length - 1]!.tag) && line.trim()) {
      const last = tags[tags.length - 1]!;
      last.value = last.value ? `${last.value}\n${line}` : line.trim();
    }
  }
  const one = (tag: string) => tags.find((t) => t.tag === tag)?.value.trim() ?? '';
  const many = (tag: string) => tags.filter((t) => t.tag === tag).map((t) => t.value.split(/\s+/));
  const method = (one('method') || 'get').toLowerCase();
  const param = (cols: string[]): RunApiParam => ({
    name: cols[0] ?? '',
    require: cols[1] === '必选' || cols[1]?.toLowerCase() === 'required' ? '1' : '0',
    type: cols[2] ?? '',
    value: '',
    remark: cols.slice(3).join(' '),
  });
  const params = many('param')
    .filter((c) => c[0])
    .map(param);
  const jsonParam = one('json_param');
  let url = one('url');
  const query: RunApiParam[] = [];
  const formdata: RunApiParam[] = [];
  if (!jsonParam && method === 'get') {
    query.push(...params);
    // ShowDoc appends the query names to the URL (`?a=&b=&`) for its older readers.
    if (params.length) url += (url.includes('?') ? '&' : '?') + params.map((p) => `${p.name}=&`).join('');
  } else if (!jsonParam) formdata.push(...params);
  const numberText = one('number');
  const sNumber = /^-?\d+$/.test(numberText) ? Number(numberText) : undefined;
  return {
    title: one('title'),
    catalogPath: one('catalog'),
    sNumber,
    doc: {
      info: {
        from: 'runapi',
        type: 'api',
        title: one('title'),
        description: one('description'),
        method,
        url,
        remark: one('remark'),
      },
      request: {
        params: {
          mode: jsonParam ? 'json' : 'formdata',
          json: jsonParam ? prettyJson(jsonParam) : '',
          jsonDesc: jsonParam ? params : [],
          urlencoded: [],
          formdata,
        },
        headers: many('header')
          .filter((c) => c[0])
          .map(param),
        query,
        cookies: [],
        auth: {},
      },
      response: {
        responseExample: prettyJson(one('return')),
        responseParamsDesc: many('return_param')
          .filter((c) => c[0])
          .map((cols) => ({
            name: cols[0] ?? '',
            type: cols[1] ?? '',
            value: '',
            require: '0',
            remark: cols.slice(2).join(' '),
          })),
      },
      extend: {},
    },
  };
}

/** JSON re-indented when it parses, else the text as written. */
function prettyJson(text: string): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

function paramTable(rows: RunApiParam[]): string {
  return [
    '|参数名|示例值|必选|类型|说明|',
    '|:-----|:-----|:-----|:-----|:-----|',
    ...rows.map(
      (r) =>
        `|${cell(r.name)}|${cell(r.value)}|${r.require === '1' ? '是' : '否'}|${cell(r.type)}|${cell(r.remark)}|`,
    ),
  ].join('\n');
}

function fieldTable(rows: RunApiParam[]): string {
  return [
    '|参数名|类型|说明|',
    '|:-----|:-----|:-----|',
    ...rows.map((r) => `|${cell(r.name)}|${cell(r.type)}|${cell(r.remark)}|`),
  ].join('\n');
}

/** RunApi JSON as ShowDoc renders it in Markdown (compat-notes §8), each section only when it has content. */
export function runApiMarkdown(doc: RunApiDoc): string {
  const { info, request, response } = doc;
  const sections: string[] = [`##### 简要描述\n\n- ${info.description || '无'}`];
  const url = request.query.length ? info.url.replace(/\?.*$/, '') : info.url;
  if (url) sections.push(`##### 请求URL\n\n- \`${url}\``);
  if (info.method) sections.push(`##### 请求方式\n\n- ${info.method.toUpperCase()}`);
  if (request.headers.length) sections.push(`##### Header\n\n${paramTable(request.headers)}`);
  if (request.query.length) sections.push(`##### 请求Query参数\n\n${paramTable(request.query)}`);
  const body = request.params.mode === 'json' ? [] : request.params.formdata;
  if (body.length) sections.push(`##### 请求Body参数\n\n${paramTable(body)}`);
  if (request.params.mode === 'json' && request.params.json) {
    sections.push(`##### 请求参数示例\n\n\`\`\`\n${request.params.json}\n\`\`\``);
  }
  if (request.params.jsonDesc.length)
    sections.push(`##### json字段说明\n\n${paramTable(request.params.jsonDesc)}`);
  if (response.responseExample) {
    sections.push(`##### 成功返回示例\n\n\`\`\`\n${response.responseExample}\n\`\`\``);
  }
  if (response.responseParamsDesc.length) {
    sections.push(`##### 成功返回示例的参数说明\n\n${fieldTable(response.responseParamsDesc)}`);
  }
  if (info.remark) sections.push(`##### 备注\n\n${info.remark}`);
  return `${sections.join('\n\n')}\n`;
}
