import type { ApiParam } from '../api-doc-markdown';

/** A JSON Schema node as Swagger 2.0 / OpenAPI 3.x write it, after $ref resolution (cycles left as $ref). */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  const?: unknown;
  nullable?: boolean;
};

/** Nesting shown in tables and examples; deeper (and cyclic) parts are named, not expanded. */
const MAX_DEPTH = 6;

/** Names of the document's named schemas, by the resolved object ($ref resolution shares one object). */
const schemaNames = new WeakMap<object, string>();

/** Remembers the names of `definitions` / `components.schemas` after dereferencing, for types and labels. */
export function nameSchemas(schemas: Record<string, Schema>): void {
  for (const [name, schema] of Object.entries(schemas)) {
    if (schema && typeof schema === 'object' && !schemaNames.has(schema)) schemaNames.set(schema, name);
  }
}

/** A schema's name: its $ref, else the named schema it was resolved from. */
export function nameOf(schema: Schema): string | undefined {
  return schema.$ref ? refName(schema.$ref) : schemaNames.get(schema);
}

export function refName(ref: string): string {
  return decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1))
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
}

/** allOf parts merged into one object schema (properties and required lists united). */
export function mergeAllOf(schema: Schema, seen: Set<Schema> = new Set()): Schema {
  if (!schema.allOf?.length || seen.has(schema)) return schema;
  seen.add(schema);
  const merged: Schema = {
    ...schema,
    allOf: undefined,
    properties: { ...schema.properties },
    required: [...(schema.required ?? [])],
  };
  for (const part of schema.allOf) {
    const flat = part.$ref ? part : mergeAllOf(part, seen);
    if (flat.$ref) {
      merged.description = [merged.description, `extends ${refName(flat.$ref)}`].filter(Boolean).join('; ');
      continue;
    }
    const parent = nameOf(part);
    if (parent) merged.description = [merged.description, `extends ${parent}`].filter(Boolean).join('; ');
    Object.assign(merged.properties!, flat.properties ?? {});
    merged.required!.push(...(flat.required ?? []));
    if (!merged.type && flat.type) merged.type = flat.type;
    if (!merged.items && flat.items) merged.items = flat.items;
    if (!merged.oneOf && flat.oneOf) merged.oneOf = flat.oneOf;
    if (!merged.anyOf && flat.anyOf) merged.anyOf = flat.anyOf;
    if (!merged.description && flat.description) merged.description = flat.description;
  }
  if (!merged.type && Object.keys(merged.properties!).length) merged.type = 'object';
  return merged;
}

/** The type column: `string(date-time)`, `array<User>`, `object`, `oneOf`, the name of a cyclic $ref. */
export function typeOf(schema: Schema): string {
  if (schema.$ref) return refName(schema.$ref);
  const s = mergeAllOf(schema);
  const named = schemaNames.get(schema);
  if (named && (s.properties || s.oneOf || s.anyOf || s.allOf)) return named;
  if (s.oneOf) return 'oneOf';
  if (s.anyOf) return 'anyOf';
  const type = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null').join('|') : s.type;
  if (type === 'array') return `array<${s.items ? typeOf(s.items) : 'any'}>`;
  if (type) return s.format ? `${type}(${s.format})` : type;
  if (s.properties) return 'object';
  if (s.enum) return 'enum';
  return s.title ?? 'any';
}

function remarkOf(s: Schema): string {
  const parts = [s.description?.trim() ?? ''];
  if (s.enum?.length) parts.push(`可选值: ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (s.$ref) parts.push(`见 ${refName(s.$ref)}（循环引用）`);
  return parts.filter(Boolean).join('; ');
}

/**
 * The rows of a parameter table for a schema: nested properties as `a.b`, array items as `a[].b`,
 * oneOf/anyOf alternatives as `a (oneOf 1: Cat).x`. Cycles stop at the repeated $ref, named in the row.
 */
export function schemaRows(schema: Schema | undefined, prefix = '', required = false): ApiParam[] {
  const rows: ApiParam[] = [];
  const walk = (node: Schema, name: string, isRequired: boolean, depth: number, path: Set<Schema>) => {
    const s = mergeAllOf(node);
    if (name) {
      const cycle = path.has(node) && nameOf(node) ? `见 ${nameOf(node)}（循环引用）` : '';
      const remark = [remarkOf(node.$ref ? node : s), cycle].filter(Boolean).join('; ');
      rows.push({ name, type: typeOf(node), value: exampleValue(s), required: isRequired, remark });
    }
    if (node.$ref || depth >= MAX_DEPTH || path.has(node)) return;
    const inner = new Set(path).add(node);
    const variants = s.oneOf ? (['oneOf', s.oneOf] as const) : s.anyOf ? (['anyOf', s.anyOf] as const) : null;
    if (variants) {
      variants[1].forEach((variant, i) => {
        const label = nameOf(variant) ?? variant.title ?? typeOf(variant);
        walk(
          variant,
          `${name}${name ? ' ' : ''}(${variants[0]} ${i + 1}: ${label})`,
          false,
          depth + 1,
          inner,
        );
      });
    }
    const req = new Set(s.required ?? []);
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      walk(child, name ? `${name}.${key}` : key, req.has(key), depth + 1, inner);
    }
    if (s.items && !s.items.$ref && !path.has(s.items)) {
      const items = mergeAllOf(s.items);
      const itemPrefix = name ? `${name}[]` : '';
      const itemRequired = new Set(items.required ?? []);
      for (const [key, child] of Object.entries(items.properties ?? {})) {
        walk(child, itemPrefix ? `${itemPrefix}.${key}` : key, itemRequired.has(key), depth + 1, inner);
      }
      if (items.oneOf || items.anyOf) walk(s.items, itemPrefix || '[]', false, depth + 1, inner);
    }
    if (typeof s.additionalProperties === 'object') {
      walk(s.additionalProperties, name ? `${name}.{key}` : '{key}', false, depth + 1, inner);
    }
  };
  if (schema) walk(schema, prefix, required, 0, new Set());
  return rows;
}

/** An example value for a table cell (scalars only; objects and arrays are described by their rows). */
function exampleValue(s: Schema): string {
  const v = s.example ?? s.examples?.[0] ?? s.default ?? s.const ?? s.enum?.[0];
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** A JSON example built from a schema: its own examples first, else placeholders by type. */
export function exampleOf(schema: Schema | undefined, depth = 0, path: Set<Schema> = new Set()): unknown {
  if (!schema) return undefined;
  if (schema.$ref || path.has(schema) || depth > MAX_DEPTH) return {};
  const s = mergeAllOf(schema);
  const own = s.example ?? s.examples?.[0] ?? s.default ?? s.const ?? s.enum?.[0];
  if (own !== undefined) return own;
  const inner = new Set(path).add(schema);
  if (s.oneOf?.length) return exampleOf(s.oneOf[0], depth + 1, inner);
  if (s.anyOf?.length) return exampleOf(s.anyOf[0], depth + 1, inner);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'array') return s.items ? [exampleOf(s.items, depth + 1, inner)] : [];
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(s.properties ?? {}))
      out[key] = exampleOf(child, depth + 1, inner);
    return out;
  }
  switch (type) {
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return true;
    case 'string':
      return s.format === 'date-time'
        ? '2024-01-01T00:00:00Z'
        : s.format === 'date'
          ? '2024-01-01'
          : 'string';
    default:
      return null;
  }
}
