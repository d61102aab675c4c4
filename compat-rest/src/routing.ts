/**
 * ShowDoc's URL grammar after `/server` (or `/`): `/{module}/{controller}/{action}[/{k}/{v}...]`.
 * Module is case-insensitive; single-word controllers too; multi-word ones must be camelCase,
 * PascalCase or snake_case (all-lowercase `itemgroup` is a 404 there, and here).
 */
export interface ParsedRoute {
  module: string;
  controller: string;
  action: string;
  pathParams: Record<string, string>;
}

export type RouteParse = { ok: true; route: ParsedRoute } | { ok: false; status: 400 | 404 };

export function parseRoute(routePath: string): RouteParse {
  const segments = routePath.replace(/^\/+/, '').split('/');
  if (segments.length < 3) return { ok: false, status: 404 };
  const [module, controller, action, ...rest] = segments.map((s) => decodeSegment(s));
  if (!module || !controller || !action) return { ok: false, status: 400 };
  // No prototype: a `/__proto__/x` pair is a parameter like any other, not an assignment to the prototype.
  const pathParams: Record<string, string> = Object.create(null);
  for (let i = 0; i + 1 < rest.length; i += 2) pathParams[rest[i]!] = rest[i + 1]!;
  return { ok: true, route: { module, controller, action, pathParams } };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The canonical (PascalCase) controller a spelling names, or null. */
export function resolveControllerName(given: string, known: readonly string[]): string | null {
  const pascal = given.includes('_')
    ? given
        .split('_')
        .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
        .join('')
    : given.charAt(0).toUpperCase() + given.slice(1);
  for (const name of known) {
    if (name === pascal) return name;
    const singleWord = !/[A-Z]/.test(name.slice(1));
    if (singleWord && name.toLowerCase() === given.toLowerCase()) return name;
  }
  return null;
}

export function resolveActionName(given: string, known: readonly string[]): string | null {
  const lower = given.toLowerCase();
  return known.find((name) => name.toLowerCase() === lower) ?? null;
}
