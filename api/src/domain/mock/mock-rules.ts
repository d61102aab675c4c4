import safeRegex from 'safe-regex2';
import { DomainError } from '../errors';

/** The largest template one mock keeps: a generous response sample, far from a 10 MB body. */
export const MOCK_TEMPLATE_MAX_BYTES = 256 * 1024;
/** compat-api §13.1: a `~regex` path has at most 500 characters. */
export const MOCK_PATH_MAX = 500;
/** compat-api §13.3: a requested path over 2048 bytes is answered 400 `path too long`. */
export const MOCK_REQUEST_PATH_MAX_BYTES = 2048;
/** The most times one `name|min-max` rule repeats (Mock.js would build any count it is told). */
export const MOCK_REPEAT_MAX = 1000;
/**
 * Values one template may generate (repeat counts multiplied down the nesting): a template is refused
 * when saved rather than cut off while served, so a busy server never mistakes a normal one for a bomb.
 */
export const MOCK_GENERATED_MAX = 20_000;
/** The largest number a placeholder argument may carry (`@string(n)`, `@paragraph(n)`...). */
const PLACEHOLDER_NUMBER_MAX = 10_000;
/** Nesting of a template's objects and arrays. */
const MOCK_DEPTH_MAX = 32;
/** The largest bounded quantifier of an `@regex` pattern. */
const REGEX_BOUND_MAX = 100;

const unsafe = (en: string, zh: string) => new DomainError('MockTemplateUnsafe', { en, zh });

/**
 * The template as stored, checked (compat-api §13.1): JSON that decodes to something truthy, and nothing
 * that asks to run code or to grow without bound. Mock.js itself only ever sees JSON.parse's output.
 */
export function checkMockTemplate(template: string): string {
  if (Buffer.byteLength(template, 'utf8') > MOCK_TEMPLATE_MAX_BYTES)
    throw new DomainError('MockTemplateTooLarge');
  let parsed: unknown;
  try {
    parsed = JSON.parse(template);
  } catch {
    throw new DomainError('MockTemplateInvalid');
  }
  // PHP's truthiness, as ShowDoc judges it: an empty list is as empty as 0, false or ''.
  if (!parsed || (Array.isArray(parsed) && !parsed.length)) throw new DomainError('MockTemplateInvalid');
  if (walk(parsed, 0) > MOCK_GENERATED_MAX) {
    throw unsafe(
      `The template generates more than ${MOCK_GENERATED_MAX} values: lower its repeat counts`,
      `模板生成的数据超过 ${MOCK_GENERATED_MAX} 项，请减小重复次数`,
    );
  }
  return template;
}

/** Checks a value and answers how many values it generates at most. */
function walk(value: unknown, depth: number): number {
  if (depth > MOCK_DEPTH_MAX) throw unsafe('The template is nested too deeply', '模板嵌套层级过深');
  if (typeof value === 'string') {
    checkString(value);
    return 1;
  }
  if (Array.isArray(value)) {
    let total = 1;
    for (const entry of value) total += walk(entry, depth + 1);
    return total;
  }
  if (value && typeof value === 'object') {
    let total = 1;
    for (const [key, entry] of Object.entries(value)) {
      // On a number or boolean the rule is the value's range, not a repeat count.
      const repeats = typeof entry !== 'number' && typeof entry !== 'boolean';
      if (repeats) checkRule(key);
      checkString(key);
      total += (repeats ? repeatOf(key) : 1) * walk(entry, depth + 1);
      if (total > MOCK_GENERATED_MAX) return total;
    }
    return total;
  }
  return 1;
}

/** The largest count of a `name|min-max` rule (1 without a rule; `+step` rules do not repeat). */
function repeatOf(key: string): number {
  const bar = key.lastIndexOf('|');
  if (bar < 0 || key.slice(bar + 1).startsWith('+')) return 1;
  const whole = /^(\d+)(?:-(\d+))?/.exec(key.slice(bar + 1));
  return Math.max(1, whole ? Number(whole[2] ?? whole[1]) : 1);
}

/** `name|min-max`, `name|count`, `name|min-max.dmin-dmax`: counts beyond MOCK_REPEAT_MAX are refused. */
function checkRule(key: string): void {
  const bar = key.lastIndexOf('|');
  if (bar < 0) return;
  for (const number of key.slice(bar + 1).match(/\d+/g) ?? []) {
    if (Number(number) > MOCK_REPEAT_MAX && !/^\+/.test(key.slice(bar + 1))) {
      throw unsafe(
        `The rule "${key}" repeats more than ${MOCK_REPEAT_MAX} times`,
        `规则 "${key}" 的次数超过 ${MOCK_REPEAT_MAX}`,
      );
    }
  }
}

const FUNCTION_TEXT = /^\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)/;
const PLACEHOLDER = /@([^@#%&()?\s]+)(?:\((.*?)\))?/g;

function checkString(text: string): void {
  if (FUNCTION_TEXT.test(text)) {
    throw unsafe(
      'Functions are not allowed in mock templates: templates are data',
      'Mock 模板中不允许使用函数：模板只能是数据',
    );
  }
  for (const [, name = '', args = ''] of text.matchAll(PLACEHOLDER)) {
    const lower = name.toLowerCase();
    if (lower === 'function' || lower === 'eval' || lower.startsWith('function')) {
      throw unsafe(`The placeholder @${name} is not allowed`, `不允许使用占位符 @${name}`);
    }
    if (lower === 'regex' || lower === 'regexp') checkGeneratorRegex(args);
    else if ((args.match(/\d+/g) ?? []).some((n) => Number(n) > PLACEHOLDER_NUMBER_MAX)) {
      throw unsafe(
        `The placeholder @${name} asks for more than ${PLACEHOLDER_NUMBER_MAX}`,
        `占位符 @${name} 的参数超过 ${PLACEHOLDER_NUMBER_MAX}`,
      );
    }
  }
}

/** `@regex('pattern')`: one quoted pattern without nested or large quantifiers. */
function checkGeneratorRegex(args: string): void {
  const quoted = /^\s*(['"])(.*)\1\s*$/.exec(args);
  const pattern = quoted?.[2] ?? args;
  if (!isTamePattern(pattern, REGEX_BOUND_MAX)) {
    throw unsafe(
      `The @regex pattern "${pattern.slice(0, 80)}" nests quantifiers or repeats too much`,
      `@regex 的正则 "${pattern.slice(0, 80)}" 含有嵌套量词或重复次数过大`,
    );
  }
}

/**
 * A pattern that cannot backtrack catastrophically: it compiles, safe-regex2 finds no star height above
 * one, and ShowDoc's own checks pass (no quantified group that contains a quantifier, no alternation
 * with a repeated branch under a quantifier, fewer than four bounded quantifiers, bounds ≤ `boundMax`).
 */
export function isTamePattern(pattern: string, boundMax = 1000): boolean {
  try {
    new RegExp(pattern);
  } catch {
    return false;
  }
  if (!safeRegex(pattern, { limit: 25 })) return false;
  // A group holding a quantifier, itself quantified: (a+)+, (a*b?)*, (\d{1,3}){2,}.
  if (/\((?:[^()\\]|\\.)*(?:[+*?]|\{\d+(?:,\d*)?\})(?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,\d*\})/.test(pattern))
    return false;
  // A quantified alternation whose branches repeat: (a|a)*, (x|x)+.
  for (const [, body = ''] of pattern.matchAll(/\(((?:[^()\\]|\\.)*\|(?:[^()\\]|\\.)*)\)\s*[+*{]/g)) {
    const branches = body.replace(/^\?:/, '').split('|');
    if (new Set(branches).size !== branches.length) return false;
  }
  const bounded = [...pattern.matchAll(/\{(\d+)(?:,(\d*))?\}/g)];
  if (bounded.length >= 4) return false;
  return bounded.every(([, low = '0', high]) => Number(low) <= boundMax && Number(high || low) <= boundMax);
}

/**
 * The path as stored: `~regex` checked (≤500 characters, compiles, cannot backtrack catastrophically),
 * anything else with a leading `/` (default `/`).
 */
export function normalizeMockPath(raw: string): string {
  const path = raw.trim();
  if (!path) return '/';
  if (path.startsWith('~')) {
    if (path.length > MOCK_PATH_MAX) throw new DomainError('MockPathInvalid');
    if (!isTamePattern(path.slice(1))) throw new DomainError('MockPathInvalid');
    return path;
  }
  if (path.length > MOCK_PATH_MAX) throw new DomainError('MockPathInvalid');
  return path.startsWith('/') ? path : `/${path}`;
}
