import type { EntityManager } from '@mikro-orm/core';
import { Catalog, Page } from '../../../../db/src';
import { DomainError } from '../errors';
import { loadSwaggerParser } from '../import/openapi/openapi-import';
import { PolicyService } from '../policy/policy.service';
import type { Viewer } from '../viewer';
import { readApiPage, type ApiPage, type ApiParam } from './api-page';

/** What the export produced: the document (validated) and what it left out. */
export interface OpenApiExport {
  document: Record<string, unknown>;
  /** The document as JSON, as downloaded. */
  json: string;
  operationCount: number;
  /** API pages left out because another page already describes the same method and path. */
  duplicates: string[];
}

type Json = Record<string, unknown>;

/** A parameter type as written in a table (`int`, `string`, `array`...) as a JSON Schema type. */
function schemaType(type: string): Json {
  const t = type.trim().toLowerCase();
  if (/^(int|integer|long|bigint|int32|int64|tinyint|smallint)/.test(t)) return { type: 'integer' };
  if (/^(float|double|number|decimal|numeric)/.test(t)) return { type: 'number' };
  if (/^(bool|boolean)/.test(t)) return { type: 'boolean' };
  if (/^(array|list|\[\])/.test(t) || t.endsWith('[]')) return { type: 'array', items: {} };
  if (/^(object|json|map|dict)/.test(t)) return { type: 'object' };
  if (/^file/.test(t)) return { type: 'string', format: 'binary' };
  return { type: 'string' };
}

/** A JSON Schema inferred from an example value, with descriptions of fields named in `fields`. */
function inferSchema(value: unknown, fields: Map<string, ApiParam>, depth = 0): Json {
  if (depth > 20) return {};
  if (Array.isArray(value)) {
    return { type: 'array', items: value.length ? inferSchema(value[0], fields, depth + 1) : {} };
  }
  if (value !== null && typeof value === 'object') {
    const properties: Json = {};
    for (const [key, child] of Object.entries(value as Json)) {
      const schema = inferSchema(child, fields, depth + 1);
      const described = fields.get(key);
      if (described?.description) schema.description = described.description;
      properties[key] = schema;
    }
    return { type: 'object', properties };
  }
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (value === null) return { type: 'null' };
  return { type: 'string' };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text.trim()) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Splits a page's URL into the server it names and an OpenAPI path (`:id` and `{id}` become `{id}`). */
function splitUrl(raw: string): { server: string | null; path: string } {
  let url = raw.trim().replace(/\s+/g, '');
  let server: string | null = null;
  const absolute = /^(https?:\/\/[^/?#]+)(.*)$/i.exec(url);
  if (absolute) {
    server = absolute[1]!;
    url = absolute[2]!;
  } else if (/^\{\{[^}]+\}\}/.test(url)) {
    url = url.replace(/^\{\{[^}]+\}\}/, ''); // RunApi's `{{host}}/path`
  }
  let path = url.split(/[?#]/)[0] ?? '';
  path = path.replace(/\/:([A-Za-z_][\w-]*)/g, '/{$1}');
  if (!path.startsWith('/')) path = `/${path}`;
  return { server, path: path.replace(/\/{2,}/g, '/') };
}

/**
 * The document's servers and each operation's path. With one server, the path segments every operation
 * shares (the base path an import put into the URLs: `https://host/v1/pets`) go back into the server's
 * URL, so an exported document re-imports with the same paths.
 */
function serversAndRoutes(urls: Array<{ server: string | null; path: string }>): {
  servers: string[];
  routeOf(index: number): string;
} {
  const servers = [...new Set(urls.map((u) => u.server).filter((s): s is string => !!s))];
  if (servers.length !== 1 || urls.some((u) => u.server !== servers[0])) {
    return { servers, routeOf: (index) => urls[index]!.path };
  }
  const segments = urls.map((u) => u.path.split('/').filter(Boolean));
  let shared = 0;
  const shortest = Math.min(...segments.map((s) => s.length));
  // Keep at least one segment in every path, and never fold a path parameter into the server.
  while (
    shared < shortest - 1 &&
    segments.every((s) => s[shared] === segments[0]![shared] && !s[shared]!.startsWith('{'))
  ) {
    shared++;
  }
  const base = segments[0]!.slice(0, shared).join('/');
  return {
    servers: [base ? `${servers[0]}/${base}` : servers[0]!],
    routeOf: (index) => `/${segments[index]!.slice(shared).join('/')}`,
  };
}

const paramObject = (p: ApiParam, location: 'query' | 'header' | 'path'): Json => ({
  name: p.name,
  in: location,
  required: location === 'path' ? true : p.required,
  ...(p.description ? { description: p.description } : {}),
  schema: schemaType(p.type),
  ...(p.example ? { example: p.example } : {}),
});

function operationOf(page: Page, api: ApiPage, path: string, tag: string | null): Json {
  const operation: Json = {
    operationId: `page${page.id}`,
    summary: page.title,
    ...(api.description && api.description !== '无' ? { description: api.description } : {}),
    ...(tag ? { tags: [tag] } : {}),
  };
  const named = new Set<string>();
  const parameters: Json[] = [];
  const add = (p: ApiParam, location: 'query' | 'header' | 'path') => {
    const key = `${location}:${p.name}`;
    if (named.has(key)) return;
    named.add(key);
    parameters.push(paramObject(p, location));
  };
  const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  for (const name of inPath) {
    add(
      api.pathParams.find((p) => p.name === name) ?? {
        name,
        type: 'string',
        required: true,
        description: '',
        example: '',
      },
      'path',
    );
  }
  api.query.forEach((p) => add(p, 'query'));
  api.headers.filter((p) => p.name.toLowerCase() !== 'content-type').forEach((p) => add(p, 'header'));
  if (parameters.length) operation.parameters = parameters;

  const fieldDescriptions = new Map(api.body.map((p) => [p.name, p]));
  const example = parseJson(api.bodyExample);
  if (example.ok) {
    operation.requestBody = {
      content: {
        'application/json': { schema: inferSchema(example.value, fieldDescriptions), example: example.value },
      },
    };
  } else if (api.body.length) {
    const properties: Json = {};
    for (const p of api.body) {
      properties[p.name] = {
        ...schemaType(p.type),
        ...(p.description ? { description: p.description } : {}),
      };
    }
    const required = api.body.filter((p) => p.required).map((p) => p.name);
    const schema = { type: 'object', properties, ...(required.length ? { required } : {}) };
    operation.requestBody = {
      content: {
        [api.body.some((p) => /^file/i.test(p.type))
          ? 'multipart/form-data'
          : 'application/x-www-form-urlencoded']: { schema },
      },
    };
  }

  const responseFields = new Map(api.responseFields.map((p) => [p.name, p]));
  const response = parseJson(api.responseExample);
  const ok: Json = { description: 'OK' };
  if (response.ok) {
    ok.content = {
      'application/json': { schema: inferSchema(response.value, responseFields), example: response.value },
    };
  } else if (api.responseExample.trim()) {
    ok.content = { 'text/plain': { schema: { type: 'string' }, example: api.responseExample } };
  } else if (api.responseFields.length) {
    const properties: Json = {};
    for (const p of api.responseFields) {
      properties[p.name] = {
        ...schemaType(p.type),
        ...(p.description ? { description: p.description } : {}),
      };
    }
    ok.content = { 'application/json': { schema: { type: 'object', properties } } };
  }
  operation.responses = { '200': ok };
  return operation;
}

/**
 * An item's API pages as one OpenAPI 3.1 document (issue #21; ShowDoc refused it, its #849): pages written
 * from the API template, by imports or `open/fromComments`, and RunApi JSON pages become operations
 * (path, parameters, request body, a 200 response with its example), tagged with their catalog path.
 * Readers get what they may read: drafts and catalogs outside a member's scope stay out. The document is
 * checked by the same parser the import uses before it is handed out.
 */
export class OpenApiExportService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
  ) {}

  async export(viewer: Viewer, itemId: number): Promise<OpenApiExport> {
    const { item, rights } = await this.policy.requireVisit(viewer, itemId);
    const catalogs = await this.em.find(Catalog, { item }, { orderBy: { level: 'asc', id: 'asc' } });
    const byId = new Map(catalogs.map((c) => [c.id, c]));
    const chain = (catalogId: number | null): Catalog[] => {
      const out: Catalog[] = [];
      let current = catalogId ? byId.get(catalogId) : undefined;
      for (let hops = 0; current && hops < 100; hops++) {
        out.unshift(current);
        current = current.parent ? byId.get(current.parent.id) : undefined;
      }
      return out;
    };
    const pages = await this.em.find(
      Page,
      { item, deletedAt: null, isDraft: false },
      { orderBy: { sNumber: 'asc', id: 'asc' } },
    );
    const found: Array<{
      page: Page;
      api: NonNullable<ReturnType<typeof readApiPage>>;
      catalogs: Catalog[];
    }> = [];
    for (const page of pages) {
      const catalogs = chain(page.catalog?.id ?? null);
      if (!PolicyService.inScope(rights, catalogs[0]?.id ?? null)) continue;
      const api = readApiPage(page.content);
      if (api) found.push({ page, api, catalogs });
    }
    const { servers, routeOf } = serversAndRoutes(found.map(({ api }) => splitUrl(api.url)));
    const paths: Record<string, Json> = {};
    const tags = new Set<string>();
    const duplicates: string[] = [];
    let operationCount = 0;
    for (const [index, { page, api, catalogs }] of found.entries()) {
      const route = routeOf(index);
      const tag = catalogs.length ? catalogs.map((c) => c.name).join('/') : null;
      const entry = (paths[route] ??= {});
      if (entry[api.method]) {
        duplicates.push(`${api.method.toUpperCase()} ${route} (${page.title})`);
        continue;
      }
      if (tag) tags.add(tag);
      entry[api.method] = operationOf(page, api, route, tag);
      operationCount++;
    }
    const document: Json = {
      openapi: '3.1.0',
      info: {
        title: item.name,
        version: item.lastUpdateAt.toISOString().slice(0, 10),
        ...(item.description ? { description: item.description } : {}),
      },
      ...(servers.length ? { servers: servers.map((url) => ({ url })) } : {}),
      ...(tags.size ? { tags: [...tags].map((name) => ({ name })) } : {}),
      paths,
    };
    try {
      // The parser dereferences in place: it checks a copy, the caller gets the document as built.
      await (await loadSwaggerParser()).validate(structuredClone(document) as never);
    } catch (err) {
      throw new DomainError('Failed', {
        en: `The exported document does not validate: ${(err as Error).message.slice(0, 300)}`,
        zh: `导出的文档未通过校验：${(err as Error).message.slice(0, 300)}`,
      });
    }
    return { document, json: JSON.stringify(document, null, 2), operationCount, duplicates };
  }
}
