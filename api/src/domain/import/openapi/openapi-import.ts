import type SwaggerParser from '@apidevtools/swagger-parser';
import { DomainError } from '../../errors';
import {
  apiDocMarkdown,
  emptyApiDoc,
  resultTable,
  type ApiDoc,
  type ApiParam,
  type ApiResponse,
} from '../api-doc-markdown';
import type { ImportCatalog, ImportTree } from '../import-tree';
import { exampleOf, mergeAllOf, nameOf, nameSchemas, schemaRows, type Schema } from './schema';

// swagger-parser (and its JSON-schema validators) loads at the first OpenAPI import/export, not at start.
let swaggerParser: Promise<typeof SwaggerParser> | undefined;
export function loadSwaggerParser(): Promise<typeof SwaggerParser> {
  swaggerParser ??= import('@apidevtools/swagger-parser').then((module) => module.default);
  return swaggerParser;
}

type Obj = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  type?: string;
  format?: string;
  schema?: Schema;
  example?: unknown;
  default?: unknown;
  items?: Schema;
}

interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: { description?: string; content?: Record<string, MediaType> };
  consumes?: string[];
  responses?: Record<
    string,
    {
      description?: string;
      schema?: Schema;
      examples?: Obj;
      content?: Record<string, MediaType>;
      headers?: Obj;
    }
  >;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** ShowDoc's catalog for operations without a tag. */
export const UNTAGGED_CATALOG = 'from swagger';
/** Where the named schemas of `definitions` / `components.schemas` are listed, one page each. */
export const SCHEMAS_CATALOG = '数据结构';
/** ShowDoc cut operation titles at 50 characters. */
const TITLE_LENGTH = 50;

/** True for a parsed document ShowDoc's detection sends to the Swagger importer (compat-api §17.1). */
export function isOpenApiDocument(doc: unknown): doc is Obj {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return false;
  const d = doc as Obj;
  return typeof d.swagger === 'string' || (d.openapi !== undefined && d.info !== undefined);
}

/**
 * Resolves every `$ref` inside the document (external references are refused: an import must not make
 * the server fetch URLs or read files). Cycles become cyclic objects: the renderers stop at a repeat.
 */
export async function dereferenceOpenApi(doc: Obj): Promise<Obj> {
  try {
    return (await (
      await loadSwaggerParser()
    ).dereference(
      structuredClone(doc) as never,
      {
        resolve: { external: false },
        dereference: { circular: true },
      } as never,
    )) as unknown as Obj;
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0].slice(0, 300) : 'unreadable';
    throw new DomainError('ImportUnsupported', {
      en: `The Swagger/OpenAPI document could not be read: ${why}`,
      zh: `Swagger/OpenAPI 文档无法解析：${why}`,
    });
  }
}

/** The URL prefix: `schemes[0]://host basePath` (2.0) or `servers[0].url` with its variables' defaults (3.x). */
export function baseUrlOf(doc: Obj): string {
  if (typeof doc.swagger === 'string') {
    const host = typeof doc.host === 'string' ? doc.host : '';
    const basePath = typeof doc.basePath === 'string' && doc.basePath !== '/' ? doc.basePath : '';
    const scheme = Array.isArray(doc.schemes) && typeof doc.schemes[0] === 'string' ? doc.schemes[0] : 'http';
    return host ? `${scheme}://${host}${basePath}` : basePath;
  }
  const server = Array.isArray(doc.servers)
    ? (doc.servers[0] as { url?: string; variables?: Record<string, { default?: string }> })
    : undefined;
  let url = server?.url ?? '';
  for (const [name, variable] of Object.entries(server?.variables ?? {})) {
    url = url.split(`{${name}}`).join(String(variable.default ?? ''));
  }
  return url.replace(/\/+$/, '');
}

/** ShowDoc's title rule: summary, else description, else operationId, else `METHOD path`; 50 characters. */
export function operationTitle(op: Operation, method: string, path: string): string {
  const title = [op.summary, op.description, op.operationId].map((t) => (t ?? '').trim()).find(Boolean);
  return (title ?? `${method.toUpperCase()} ${path}`).replace(/\s+/g, ' ').slice(0, TITLE_LENGTH);
}

/** One operation as an API document (parameters, body, responses as tables and examples). */
export function operationDoc(
  doc: Obj,
  path: string,
  method: string,
  op: Operation,
  pathParams: Parameter[],
): ApiDoc {
  const api = emptyApiDoc();
  const v2 = typeof doc.swagger === 'string';
  api.title = operationTitle(op, method, path);
  api.description = [
    op.summary && op.description ? op.description : (op.summary ?? op.description ?? ''),
    op.deprecated ? '（已废弃）' : '',
  ]
    .join('')
    .trim();
  api.method = method.toUpperCase();
  api.url = baseUrlOf(doc) + path;
  const params = new Map<string, Parameter>();
  for (const p of [...pathParams, ...(op.parameters ?? [])])
    if (p && p.name) params.set(`${p.in}:${p.name}`, p);
  const formRows: ApiParam[] = [];
  for (const p of params.values()) {
    if (p.in === 'body') {
      api.body.push(...schemaRows(p.schema));
      api.bodyExample = JSON.stringify(exampleOf(p.schema) ?? {}, null, 2);
      continue;
    }
    const schema: Schema = p.schema ?? { type: p.type, format: p.format, items: p.items };
    const row: ApiParam = {
      name: p.name,
      type:
        v2 && !p.schema
          ? p.type === 'array'
            ? `array<${p.items?.type ?? 'string'}>`
            : (p.type ?? 'string')
          : typeLabel(schema),
      value: scalar(p.example ?? schema.example ?? p.default ?? schema.default),
      required: !!p.required || p.in === 'path',
      remark: p.description ?? '',
    };
    if (p.in === 'path') api.pathVariables.push(row);
    else if (p.in === 'header') api.headers.push(row);
    else if (p.in === 'query') api.query.push(row);
    else if (p.in === 'formData') formRows.push(row);
    else if (p.in === 'cookie') api.headers.push({ ...row, name: `Cookie: ${row.name}` });
  }
  if (formRows.length) api.body.push(...formRows);
  const content = op.requestBody?.content;
  if (content) {
    const [mediaType, media] = pickMedia(content);
    if (media) {
      if (/json/i.test(mediaType)) {
        api.body.push(...schemaRows(media.schema));
        api.bodyExample = exampleText(media) ?? JSON.stringify(exampleOf(media.schema) ?? {}, null, 2);
      } else {
        api.body.push(...schemaRows(media.schema));
      }
      if (mediaType && !/json/i.test(mediaType))
        api.headers.push({
          name: 'Content-Type',
          type: 'string',
          value: mediaType,
          required: true,
          remark: '',
        });
    }
    if (op.requestBody?.description) api.remark = op.requestBody.description;
  }
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (!response || typeof response !== 'object') continue;
    const entry: ApiResponse = { status, description: response.description ?? '', example: '', params: [] };
    if (v2) {
      const examples = response.examples ?? {};
      const json =
        Object.entries(examples).find(([type]) => /json/i.test(type)) ?? Object.entries(examples)[0];
      entry.example = json
        ? text(json[1])
        : response.schema
          ? JSON.stringify(exampleOf(response.schema), null, 2)
          : '';
      entry.params = schemaRows(response.schema);
    } else if (response.content) {
      const [, media] = pickMedia(response.content);
      if (media) {
        entry.example =
          exampleText(media) ?? (media.schema ? JSON.stringify(exampleOf(media.schema), null, 2) : '');
        entry.params = schemaRows(media.schema);
      }
    }
    api.responses.push(entry);
  }
  return api;
}

/**
 * A Swagger 2.0 / OpenAPI 3.0 / 3.1 document as a page tree: one catalog per tag (untagged operations in
 * `from swagger`, an operation with several tags in each), one page per operation, and one page per named
 * schema in `数据结构` so every model of the document is there to read.
 */
export async function openApiTree(raw: Obj, onOperation?: (done: number) => void): Promise<ImportTree> {
  const doc = await dereferenceOpenApi(raw);
  nameSchemas(schemasOf(doc));
  const info = (doc.info ?? {}) as { title?: string; description?: string };
  const tagOrder = Array.isArray(doc.tags)
    ? (doc.tags as Array<{ name?: string }>).map((t) => t.name ?? '')
    : [];
  const byTag = new Map<string, ImportCatalog>();
  const catalogFor = (name: string) => {
    let catalog = byTag.get(name);
    if (!catalog) byTag.set(name, (catalog = { name, pages: [], catalogs: [] }));
    return catalog;
  };
  for (const name of tagOrder) if (name) catalogFor(name);
  let done = 0;
  const paths = (doc.paths ?? {}) as Record<string, Obj>;
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== 'object') continue;
    const pathParams = (Array.isArray(item.parameters) ? item.parameters : []) as Parameter[];
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op || typeof op !== 'object') continue;
      const api = operationDoc(doc, path, method, op, pathParams);
      const content = apiDocMarkdown(api);
      const tags = op.tags?.filter((t) => typeof t === 'string' && t.trim()) ?? [];
      for (const tag of tags.length ? tags : [UNTAGGED_CATALOG]) {
        catalogFor(tag).pages.push({ title: api.title, content });
      }
      onOperation?.(++done);
    }
  }
  const catalogs = [...byTag.values()].filter((c) => c.pages.length);
  const schemas = namedSchemas(raw, doc);
  if (schemas.length) catalogs.push({ name: SCHEMAS_CATALOG, pages: schemas, catalogs: [] });
  return {
    item: { name: (info.title ?? '').trim() || 'from swagger', description: info.description ?? '' },
    pages: [],
    catalogs,
    files: [],
  };
}

/** Pages for `definitions` (2.0) / `components.schemas` (3.x): description, fields table and an example. */
function namedSchemas(raw: Obj, doc: Obj): Array<{ title: string; content: string }> {
  const resolved = schemasOf(doc);
  return Object.keys(schemasOf(raw)).map((name) => {
    const schema = resolved[name] ?? {};
    const merged = mergeAllOf(schema);
    const rows = schemaRows(schema);
    const parts = [`##### ${name}`, '', merged.description?.trim() || '无'];
    if (merged.oneOf || merged.anyOf) {
      const variants = (merged.oneOf ?? merged.anyOf)!;
      parts.push(
        '',
        `${merged.oneOf ? 'oneOf' : 'anyOf'}: ${variants.map((v) => nameOf(v) ?? v.title ?? v.type ?? 'object').join(' | ')}`,
      );
    }
    if (rows.length) parts.push('', '##### 字段说明', '', resultTable(rows));
    parts.push('', '##### 示例', '', '```json', JSON.stringify(exampleOf(schema) ?? {}, null, 2), '```', '');
    return { title: name.slice(0, 255), content: parts.join('\n') };
  });
}

function schemasOf(d: Obj): Record<string, Schema> {
  const schemas = typeof d.swagger === 'string' ? d.definitions : (d.components as Obj | undefined)?.schemas;
  return (schemas && typeof schemas === 'object' ? schemas : {}) as Record<string, Schema>;
}

function pickMedia(content: Record<string, MediaType>): [string, MediaType | undefined] {
  const entries = Object.entries(content);
  return entries.find(([type]) => /json/i.test(type)) ?? entries[0] ?? ['', undefined];
}

function exampleText(media: MediaType): string | undefined {
  if (media.example !== undefined) return text(media.example);
  const first = Object.values(media.examples ?? {})[0];
  return first && first.value !== undefined ? text(first.value) : undefined;
}

function typeLabel(schema: Schema): string {
  const s = mergeAllOf(schema);
  const type = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null').join('|') : s.type;
  if (type === 'array') return `array<${s.items?.type ?? 'string'}>`;
  return type ?? 'string';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function scalar(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
