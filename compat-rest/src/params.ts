import { z } from 'zod';

type Source = Record<string, unknown>;

/**
 * ShowDoc's parameter lookup: path attributes (`/k/v` pairs) first, then the body (form, multipart or
 * JSON), then the query string; the first non-null value wins.
 */
export class RequestParams {
  constructor(
    readonly path: Source,
    readonly body: Source,
    readonly query: Source,
  ) {}

  get(name: string): unknown {
    for (const source of [this.path, this.body, this.query]) {
      const value = own(source, name);
      if (value !== undefined && value !== null) return value;
    }
    return undefined;
  }

  /** `_item_pwd` is read from the query string or a form body only, never from JSON. */
  getFormOrQuery(name: string, bodyIsJson: boolean): unknown {
    const fromBody = bodyIsJson ? undefined : own(this.body, name);
    return own(this.path, name) ?? fromBody ?? own(this.query, name);
  }
}

/** Only the request's own keys: `constructor` or `toString` must not find Object.prototype's members. */
function own(source: Source, name: string): unknown {
  return Object.hasOwn(source, name) ? source[name] : undefined;
}

/** An integer parameter with a default: numeric strings and numbers are truncated, anything else is the default. */
export function int(defaultValue = 0) {
  return z.unknown().transform((value): number => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value === 'number')
      return Number.isSafeInteger(Math.trunc(value)) ? Math.trunc(value) : defaultValue;
    if (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value)) {
      const parsed = Math.trunc(Number(value));
      return Number.isSafeInteger(parsed) ? parsed : defaultValue;
    }
    return defaultValue;
  });
}

/** A string parameter with a default; arrays become "Array" as in PHP. */
export function str(defaultValue = '') {
  return z.unknown().transform((value): string => {
    if (value === undefined || value === null) return defaultValue;
    if (Array.isArray(value)) return 'Array';
    if (typeof value === 'object') return 'Array';
    if (typeof value === 'boolean') return value ? '1' : '';
    return String(value);
  });
}

export type ParamShape = Record<string, z.ZodType>;
export type ParamValues<S extends ParamShape> = { [K in keyof S]: z.output<S[K]> };

export function readParams<S extends ParamShape>(shape: S, params: RequestParams): ParamValues<S> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) out[name] = schema.parse(params.get(name));
  return out as ParamValues<S>;
}
