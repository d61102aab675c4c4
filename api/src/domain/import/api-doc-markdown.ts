/**
 * One API operation as ShowDoc's RunApi pages describe it (compat-notes §8), the shape Swagger/OpenAPI
 * and Postman imports fill before rendering it as ShowDoc's API-document markdown.
 */
export interface ApiDoc {
  title: string;
  description: string;
  method: string;
  url: string;
  pathVariables: ApiParam[];
  headers: ApiParam[];
  query: ApiParam[];
  /** Form or urlencoded body fields, and the flattened fields of a JSON body. */
  body: ApiParam[];
  /** The raw request body example (JSON when it parses). */
  bodyExample: string;
  responses: ApiResponse[];
  remark: string;
}

export interface ApiParam {
  name: string;
  type: string;
  value: string;
  required: boolean;
  remark: string;
}

export interface ApiResponse {
  /** HTTP status (`200`, `404`, `default`) or the example's name. */
  status: string;
  description: string;
  example: string;
  params: ApiParam[];
}

export function emptyApiDoc(): ApiDoc {
  return {
    title: '',
    description: '',
    method: 'GET',
    url: '',
    pathVariables: [],
    headers: [],
    query: [],
    body: [],
    bodyExample: '',
    responses: [],
    remark: '',
  };
}

/** Renders the sections of compat-notes §8 in their order, each only when it has something to say. */
export function apiDocMarkdown(doc: ApiDoc): string {
  const out: string[] = [];
  const section = (title: string, body: string) => out.push(`##### ${title}`, '', body, '');
  section('简要描述', `- ${oneLine(doc.description) || '无'}`);
  const url = doc.query.length ? doc.url.replace(/\?.*$/, '') : doc.url;
  section('请求URL', `- \`${url}\``);
  section('请求方式', `- ${doc.method.toUpperCase()}`);
  if (doc.pathVariables.length) section('路径变量', paramTable(doc.pathVariables));
  if (doc.headers.length) section('Header', paramTable(doc.headers));
  const bodyAsQuery = doc.method.toUpperCase() === 'GET' && !doc.query.length && !doc.bodyExample;
  const query = bodyAsQuery ? doc.body : doc.query;
  if (query.length) section('请求Query参数', paramTable(query));
  if (!bodyAsQuery && doc.body.length && !doc.bodyExample) section('请求Body参数', paramTable(doc.body));
  if (doc.bodyExample) {
    section('请求参数示例', fence(doc.bodyExample));
    if (doc.body.length) section('json字段说明', paramTable(doc.body));
  }
  const ok = doc.responses.find((r) => /^2\d\d$/.test(r.status)) ?? doc.responses[0];
  const fail = doc.responses.find((r) => r !== ok && !/^2\d\d$/.test(r.status));
  const describe = (r: ApiResponse) => (r.description ? `${r.status} ${oneLine(r.description)}` : r.status);
  if (ok) {
    if (ok.example) section('成功返回示例', `${describe(ok)}\n\n${fence(ok.example)}`);
    if (ok.params.length) section('成功返回示例的参数说明', resultTable(ok.params));
  }
  if (fail) {
    if (fail.example) section('失败返回示例', `${describe(fail)}\n\n${fence(fail.example)}`);
    if (fail.params.length) section('失败返回示例的参数说明', resultTable(fail.params));
  }
  const others = doc.responses.filter((r) => r !== ok && r !== fail);
  const remark = [
    doc.remark.trim(),
    others.length || (ok && !ok.example && !ok.params.length)
      ? responseList([ok, fail, ...others].filter((r): r is ApiResponse => !!r))
      : '',
  ].filter(Boolean);
  if (remark.length) section('备注', remark.join('\n\n'));
  return out.join('\n').trimEnd() + '\n';
}

function responseList(responses: ApiResponse[]): string {
  return [
    '|状态码|说明|',
    '|:---|:---|',
    ...responses.map((r) => `|${cell(r.status)}|${cell(r.description)}|`),
  ].join('\n');
}

export function paramTable(rows: ApiParam[]): string {
  return [
    '|参数名|示例值|必选|类型|说明|',
    '|:---|:---|:---|:---|:---|',
    ...rows.map(
      (r) =>
        `|${cell(r.name)}|${cell(r.value)}|${r.required ? '是' : '否'}|${cell(r.type)}|${cell(r.remark)}|`,
    ),
  ].join('\n');
}

export function resultTable(rows: ApiParam[]): string {
  return [
    '|参数名|类型|说明|',
    '|:---|:---|:---|',
    ...rows.map((r) => `|${cell(r.name)}|${cell(r.type)}|${cell(r.remark)}|`),
  ].join('\n');
}

/** Pretty JSON when the text is JSON, else the text; fenced so markdown inside stays literal. */
function fence(text: string): string {
  let body = text;
  let lang = '';
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
    lang = 'json';
  } catch {
    // not JSON: shown as written
  }
  const ticks = body.includes('```') ? '~~~~' : '```';
  return `${ticks}${lang}\n${body}\n${ticks}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

function oneLine(text: string): string {
  return text.replace(/\s*\r?\n\s*/g, ' ').trim();
}
